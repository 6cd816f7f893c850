import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../../components/PageNavBar';
import { useSearchParams } from '../../../../lib/router';
import { retryNetworkOnly } from '../../../courses/api';
import { CourseGate } from '../../../courses/components/CourseGate';
import { LoadFailed } from '../../../courses/components/NoPermission';
import { useCourseInfo } from '../../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../../courses/hooks/useCourseParam';
import { parseItemId } from '../../../notices/utils';
import { oneViewOnly, recheckApi, recheckKeys } from '../api';
import { RecheckFailed } from '../components/RecheckFailed';
import { ViewsLeft } from '../components/ReportView';
import { SideBySide } from '../components/SideBySide';
import { SimilarityBar } from '../components/SimilarityBar';
import { recheckingPath, recheckRulesPath } from '../paths';
import '../recheck.css';

/**
 * /homework/repeat?courseId=&id=&sid=&other=&courseRole=1 (spec 2 §2): two submissions side by side
 * with their matching passages marked. Each fetch uses one of the document's views (spec 2 §5);
 * when they are used up the server's message says so (spec 2 §8).
 */
export default function RepeatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const sid = parseItemId(params.get('sid'));
  const other = parseItemId(params.get('other'));
  const goBack = useGoBack(courseId && id ? recheckingPath(courseId, id) : undefined);
  return (
    <div className="page dup-page repeat-page" data-testid="repeat-page">
      <PageNavBar title={t('recheck.repeat.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null || sid === null || other === null ? (
            <LoadFailed message={t('recheck.badAddress')} />
          ) : (
            <Comparison courseId={course.id} id={id} sid={sid} other={other} />
          )
        }
      </CourseGate>
    </div>
  );
}

function Comparison({ courseId, id, sid, other }: { courseId: number; id: number; sid: number; other: number }) {
  const { t } = useTranslation();
  const rules = useQuery({
    queryKey: recheckKeys.rules(courseId, id),
    queryFn: () => recheckApi.rules(courseId, id),
    retry: retryNetworkOnly,
  });
  const result = useQuery({
    queryKey: recheckKeys.repeat(courseId, id, sid, other),
    queryFn: () => recheckApi.repeat(courseId, id, sid, other),
    retry: retryNetworkOnly,
    ...oneViewOnly,
  });
  if (result.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (result.isError)
    return (
      <RecheckFailed error={result.error} onRetry={() => void result.refetch()} rulesPath={recheckRulesPath(courseId, id)} />
    );
  const r = result.data;
  const ceiling = rules.data?.ceiling ?? 100;
  return (
    <div className="page-body dup-body repeat-body">
      <section className="repeat-summary" data-testid="repeat-summary">
        <div className="repeat-summary-line">
          <span className="repeat-summary-label">{t('recheck.repeat.similarity', { name: r.a.username })}</span>
          <span className="repeat-summary-views muted small">
            {t('recheck.repeat.documentViews')}{' '}
            <ViewsLeft left={r.left} total={rules.data?.vip ? undefined : rules.data?.documentviews} />
          </span>
        </div>
        <SimilarityBar percent={r.similarity} ceiling={ceiling} testid="repeat-similarity" />
        <p className="muted small repeat-hint">{t('recheck.repeat.hint')}</p>
      </section>
      <SideBySide result={r} />
    </div>
  );
}
