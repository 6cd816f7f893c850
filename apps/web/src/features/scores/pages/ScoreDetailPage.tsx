import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { parseItemId, roleOf } from '../../notices/utils';
import { scoreKeys, scoresApi } from '../api';
import { scorePath } from '../paths';
import { formatScore, weightShare, weightSum } from '../utils';
import '../scores.css';

/**
 * /scoreDetail?courseId=&uid=&courseRole= (spec 2 §2 Scores): one student's scored items with score,
 * full score and weight, and the weighted total. A student always sees their own.
 */
export default function ScoreDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const role = info.data ? roleOf(info.data) : 0;
  const goBack = useGoBack(courseId ? scorePath(courseId, role) : undefined);
  // a student's own detail needs no uid: the server answers theirs whatever is asked
  const uid = parseItemId(params.get('uid')) ?? 0;
  return (
    <div className="page score-page" data-testid="score-detail-page">
      <PageNavBar title={t('scores.detailTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <Detail course={course} uid={uid} />}
      </CourseGate>
    </div>
  );
}

function Detail({ course, uid }: { course: CourseInfo; uid: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: scoreKeys.detail(course.id, uid),
    queryFn: () => scoresApi.detail(course.id, uid),
    retry: retryNetworkOnly,
  });
  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  const sum = weightSum(d.list);
  return (
    <div className="page-body score-body">
      <section className="score-person" data-testid="score-detail-head">
        <span className="score-person-text">
          <span className="score-person-name" data-testid="score-detail-name">
            {d.username}
          </span>
          <span className="muted small">{d.stno ? t('scores.stno', { stno: d.stno }) : ''}</span>
        </span>
        <span className="score-person-total">
          <strong data-testid="score-detail-total">{formatScore(d.total)}</strong>
          <span className="muted small">{t('scores.totalOf100')}</span>
        </span>
      </section>
      {d.list.length === 0 ? (
        <ErrorBlock
          status="empty"
          className="score-empty"
          title={<span data-testid="score-empty">{t('scores.noItems')}</span>}
          description=""
        />
      ) : (
        <ul className="score-items" data-testid="score-detail-list">
          {d.list.map((c) => (
            <li key={c.key} className="score-item" data-testid="score-detail-item" data-key={c.key}>
              <span className="score-item-text">
                <span className="score-item-title">
                  {c.kind !== 'homework' ? (
                    <span className={`score-kind kind-${c.kind}`}>{t(`scores.kind.${c.kind}`)}</span>
                  ) : null}
                  {c.title}
                </span>
                <span className="muted small" data-testid="score-detail-weight">
                  {t('scores.weightLine', { weight: c.weight, share: weightShare(c.weight, sum) })}
                </span>
              </span>
              <span className="score-item-score" data-testid="score-detail-score">
                {c.score === null ? (
                  <span className="muted small">
                    {roleOf(course) === 1 || c.kind !== 'homework' ? t('scores.notGraded') : t('scores.notPublished')}
                  </span>
                ) : (
                  <>
                    <strong>{formatScore(c.score)}</strong>
                    <span className="muted small"> / {c.fullscore}</span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small score-note">{t('scores.totalNote')}</p>
    </div>
  );
}
