import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { formatTime } from '../../materials/utils';
import { type BarrageDetail, starKeys, starsApi } from '../api';
import { ClassTimePage } from '../components/ClassTimePage';
import { Bar } from '../components/RecordBar';
import '../representation.css';

const clock = (seconds: number) => new Date(seconds * 1000).toTimeString().slice(0, 8);

/**
 * /analysis/bulletChatDetail?courseId=&courseRole=1&classtimeid=: one class time's bullet comments in
 * order (author, time, VIP, deleted ones marked), a per-minute CSS bar chart and the top senders. The
 * teacher and assistants only (decision 023).
 */
export default function BulletChatDetailPage() {
  const { t } = useTranslation();
  return (
    <ClassTimePage title={t('analysis.barrage.title')} testid="barrage-detail">
      {(courseId, classTimeId) => <Detail courseId={courseId} classTimeId={classTimeId} />}
    </ClassTimePage>
  );
}

function Detail({ courseId, classTimeId }: { courseId: number; classTimeId: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: starKeys.barrage(courseId, classTimeId),
    queryFn: () => starsApi.barrage(courseId, classTimeId),
  });
  if (detail.isPending)
    return (
      <div className="page-body star-body">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (detail.isError)
    return (
      <div className="page-body star-body">
        <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  const d = detail.data;
  return (
    <div className="page-body star-body">
      <section className="star-card">
        <span className="star-total">{formatTime(d.starttime)}</span>
        <span className="muted small" data-testid="barrage-total">
          {t('analysis.barrage.total', { count: d.list.length, deleted: d.list.filter((m) => m.deleted).length })}
        </span>
      </section>
      {d.list.length === 0 ? (
        <ErrorBlock status="empty" title={t('analysis.barrage.empty')} description="" data-testid="barrage-empty" />
      ) : (
        <>
          <PerMinute detail={d} />
          <section className="star-card" data-testid="barrage-senders">
            <h2 className="record-title">{t('analysis.barrage.senders')}</h2>
            {d.senders.map((s) => (
              <Bar key={s.uid} label={s.username} value={s.count} of={d.senders[0]?.count ?? 1} />
            ))}
          </section>
          <ul className="star-entries" data-testid="barrage-list">
            {d.list.map((m) => (
              <li key={m.id} className={`barrage-line${m.deleted ? ' is-deleted' : ''}`} data-testid="barrage-line">
                <span className="muted small">{clock(m.create_time)}</span>
                <span className="barrage-line-who">{m.username}</span>
                {m.vip ? (
                  <Tag color="warning" fill="outline">
                    VIP
                  </Tag>
                ) : null}
                {m.deleted ? (
                  <Tag color="danger" fill="outline" data-testid="barrage-deleted">
                    {t('analysis.barrage.deleted')}
                  </Tag>
                ) : null}
                <span className="barrage-line-text">{m.content}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Comments per minute of the class as vertical CSS bars. */
function PerMinute({ detail }: { detail: BarrageDetail }) {
  const { t } = useTranslation();
  const most = Math.max(1, ...detail.minutes.map((m) => m.count));
  return (
    <section className="star-card" data-testid="barrage-minutes">
      <h2 className="record-title">{t('analysis.barrage.perMinute')}</h2>
      <div className="minute-chart" role="img" aria-label={t('analysis.barrage.perMinute')}>
        {detail.minutes.map((m) => (
          <div key={m.minute} className="minute-col" title={t('analysis.barrage.minute', { n: m.minute + 1, count: m.count })}>
            <span className="minute-count">{m.count || ''}</span>
            <div className="minute-bar" style={{ height: `${Math.round((m.count / most) * 100)}%` }} />
            <span className="minute-label">{m.minute + 1}</span>
          </div>
        ))}
      </div>
      <span className="muted small">{t('analysis.barrage.minuteAxis')}</span>
    </section>
  );
}
