/** A plain two-bubble chat mark in WeChat green (antd-mobile-icons has no brand icons). */
export function WechatIcon({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9.2 3.5C5 3.5 1.6 6.3 1.6 9.8c0 2 1.1 3.7 2.8 4.9l-.7 2.2 2.6-1.3c.9.3 1.9.4 2.9.4h.4a5.6 5.6 0 0 1-.2-1.5c0-3.5 3.3-6.2 7.4-6.2h.4C16.5 5.5 13.2 3.5 9.2 3.5Zm-2.6 3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.1 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.1 2.9c-3.5 0-6.3 2.3-6.3 5.2s2.8 5.2 6.3 5.2c.8 0 1.5-.1 2.2-.3l2 1.1-.5-1.8c1.5-1 2.5-2.5 2.5-4.2 0-2.9-2.8-5.2-6.2-5.2Zm-2.1 2.6a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.2 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z"
      />
    </svg>
  );
}
