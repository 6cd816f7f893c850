import type { ReactNode } from 'react';

/**
 * An icon button for the right of a page's top bar (a menu, a filter): the icon drawn, its name
 * for screen readers, and `testid`.
 */
export function NavIconButton({
  icon,
  label,
  onClick,
  testid,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testid: string;
}) {
  return (
    <button type="button" className="nav-icon-button" onClick={onClick} aria-label={label} data-testid={testid}>
      {icon}
    </button>
  );
}
