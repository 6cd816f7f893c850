/** A house outline in the style of antd-mobile-icons (which has none): 1em, current colour. */
export function HomeIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 48 48" fill="none" aria-hidden="true">
      <path
        d="M6 21.5 24 6l18 15.5M11 18v22.5a1.5 1.5 0 0 0 1.5 1.5H20V30h8v12h7.5a1.5 1.5 0 0 0 1.5-1.5V18"
        stroke="currentColor"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
