import { useTranslation } from '../../../lib/translations';

/**
 * The red number of something new (Ketangpai's course-home tiles): nothing at zero, "99+" past 99.
 * The number is read out with what it means, not as a bare figure.
 */
export function NewBadge({ count, testid }: { count: number | undefined; testid: string }) {
  const { t } = useTranslation();
  const n = Number(count ?? 0);
  if (!(n > 0)) return null;
  return (
    <span
      className="new-badge"
      data-testid={testid}
      data-count={n}
      role="status"
      aria-label={t('courses.home.newCount', { count: n })}
    >
      {n > 99 ? '99+' : n}
    </span>
  );
}
