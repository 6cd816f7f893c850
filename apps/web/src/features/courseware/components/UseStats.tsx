import { Skeleton } from 'antd-mobile';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { formatDateTime } from '../../todos/utils';
import { useCoursewareUseStat } from '../api';
import { formatDuration, reviewPath } from '../paths';
import '../review.css';

/**
 * The teacher's use statistics of a courseware (`/CoursewareApi/getCoursewareUseStatV2`, decision 025):
 * how many of the course's students opened it, the learning time in all, the pages opened per student,
 * per page who opened it, doubts and comments, and the classes it was shown in, each opening its review.
 */
export function UseStats({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const stat = useCoursewareUseStat(id);
  if (stat.isPending)
    return (
      <section className="cw-card" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </section>
    );
  if (stat.isError) return <QueryFailed error={stat.error} onRetry={() => void stat.refetch()} />;
  const s = stat.data;
  const now = Date.now() / 1000;
  return (
    <section className="cw-card" data-testid="cw-use-stats">
      <h3 className="cw-card-title">{t('cwReview.stats.title')}</h3>
      <div className="cw-stat-grid">
        <div>
          <strong data-testid="cwu-opened">
            {s.opened}/{s.members}
          </strong>
          <span className="muted small">{t('cwReview.stats.opened')}</span>
        </div>
        <div>
          <strong data-testid="cwu-time">{formatDuration(s.totalseconds)}</strong>
          <span className="muted small">{t('cwReview.stats.totalTime')}</span>
        </div>
        <div>
          <strong data-testid="cwu-pages">{s.avgpages}</strong>
          <span className="muted small">{t('cwReview.stats.avgPages', { total: s.total })}</span>
        </div>
      </div>
      <table className="cw-table cwu-pages" data-testid="cwu-page-table">
        <thead>
          <tr>
            <th>{t('cwReview.stats.page')}</th>
            <th>{t('cwReview.stats.readers')}</th>
            <th>{t('cwReview.stats.doubts')}</th>
            <th>{t('cwReview.stats.comments')}</th>
          </tr>
        </thead>
        <tbody>
          {s.pages.map((p) => (
            <tr key={p.pageindex} data-testid="cwu-page" data-page={p.pageindex}>
              <td>{t('cwReview.pageShort', { page: p.pageindex })}</td>
              <td>{p.readers}</td>
              <td>{p.doubts}</td>
              <td>{p.comments}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="cw-card-title cwu-classes-title" data-testid="cwu-presented" data-count={s.presented}>
        {t('cwReview.stats.presented', { count: s.presented })}
      </h3>
      {s.classes.length === 0 ? (
        <p className="muted small" data-testid="cwu-no-classes">
          {t('cwReview.stats.notPresented')}
        </p>
      ) : (
        <ul className="cwu-classes">
          {s.classes.map((k) => (
            <li key={k.classtimeid}>
              <Link
                to={reviewPath(courseId, 1, { id, classtimeid: k.classtimeid })}
                className="cwu-class"
                data-testid="cwu-class"
                data-classtimeid={k.classtimeid}
              >
                <span>
                  {formatDateTime(k.starttime, now)}
                  <span className="muted small"> · {t('cwReview.stats.classPages', { pages: k.pages, views: k.views })}</span>
                </span>
                <span className="cwu-class-go">{t('cwReview.stats.review')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
