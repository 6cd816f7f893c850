import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingScreen } from '../../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../../components/PageNavBar';
import { showApiError } from '../../../../lib/api';
import { useSearchParams } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { CourseGate } from '../../../courses/components/CourseGate';
import { LoadFailed } from '../../../courses/components/NoPermission';
import { useCourseInfo } from '../../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../../courses/hooks/useCourseParam';
import { parseItemId } from '../../../notices/utils';
import { recheckApi, recheckKeys } from '../api';
import { OpenGate } from '../components/OpenGate';
import { RecheckFailed } from '../components/RecheckFailed';
import { ViewsLeft } from '../components/ReportView';
import { SideBySide } from '../components/SideBySide';
import { SimilarityBar } from '../components/SimilarityBar';
import { recheckingPath, recheckRulesPath } from '../paths';
import '../recheck.css';

/**
 * /homework/repeat?courseId=&id=&sid=&other=&courseRole=1 (spec 2 §2): two submissions side by side
 * with their matching passages marked. A pair not opened before says what opening it costs and the
 * document's views left first; opening it takes one (spec 2 §5), reloading or coming back costs
 * nothing; with none left it says so (spec 2 §8).
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
  const queryClient = useQueryClient();
  // reading never takes a view: a pair opened before comes back whole, a new one only with the views left
  const result = useQuery({
    queryKey: recheckKeys.repeat(courseId, id, sid, other),
    queryFn: () => recheckApi.repeat(courseId, id, sid, other, 0),
    retry: retryNetworkOnly,
  });
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      queryClient.setQueryData(
        recheckKeys.repeat(courseId, id, sid, other),
        await recheckApi.repeat(courseId, id, sid, other, 1),
      );
    } catch (e) {
      showApiError(e);
      void result.refetch();
    } finally {
      setOpening(false);
    }
  };
  if (result.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (result.isError)
    return (
      <RecheckFailed error={result.error} onRetry={() => void result.refetch()} rulesPath={recheckRulesPath(courseId, id)} />
    );
  const r = result.data;
  const ceiling = rules.data?.ceiling ?? 100;
  const total = rules.data?.vip ? undefined : rules.data?.documentviews;
  if (!r.opened)
    return (
      <div className="page-body dup-body repeat-body">
        <section className="repeat-summary" data-testid="repeat-summary">
          <div className="repeat-summary-line">
            <span className="repeat-summary-label">{t('recheck.repeat.similarity', { name: r.a.username })}</span>
          </div>
          <SimilarityBar percent={r.similarity} ceiling={ceiling} testid="repeat-similarity" />
        </section>
        <OpenGate
          title={t('recheck.gate.pairTitle')}
          text={t('recheck.gate.pairText', { a: r.a.username, b: r.b.username })}
          usedUpText={t('recheck.gate.usedUpPair', { a: r.a.username })}
          left={r.left}
          total={total}
          opening={opening}
          onOpen={() => void open()}
          rulesPath={recheckRulesPath(courseId, id)}
        />
      </div>
    );
  return (
    <div className="page-body dup-body repeat-body">
      <section className="repeat-summary" data-testid="repeat-summary">
        <div className="repeat-summary-line">
          <span className="repeat-summary-label">{t('recheck.repeat.similarity', { name: r.a.username })}</span>
          <span className="repeat-summary-views muted small">
            {t('recheck.repeat.documentViews')} <ViewsLeft left={r.left} total={total} />
          </span>
        </div>
        <SimilarityBar percent={r.similarity} ceiling={ceiling} testid="repeat-similarity" />
        <p className="muted small repeat-hint">{t('recheck.repeat.hint')}</p>
      </section>
      <SideBySide result={r} />
    </div>
  );
}
