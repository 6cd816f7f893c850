import { CheckShieldOutline, EnvironmentOutline, KeyOutline, ScanningOutline, TeamOutline } from 'antd-mobile-icons';
import type { AttenceType } from '../types';

const ICONS = {
  0: <TeamOutline />,
  1: <KeyOutline />,
  2: <EnvironmentOutline />,
  3: <ScanningOutline />,
  4: <CheckShieldOutline />,
} as const;

/** The icon of an attendance type, in its tone. */
export function TypeIcon({ type }: { type: AttenceType }) {
  return (
    <span className={`att-type-icon att-tone-${type}`} aria-hidden="true">
      {ICONS[type]}
    </span>
  );
}
