import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { LoadingScreen } from '../../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../../components/PageNavBar';
import { showApiError } from '../../../../lib/api';
import { useNavigate, useSearchParams } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { CourseGate } from '../../../courses/components/CourseGate';
import { LoadFailed } from '../../../courses/components/NoPermission';
import { useCourseInfo } from '../../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../../courses/hooks/useCourseParam';
import { parseItemId } from '../../../notices/utils';
import { useHomeworkInfo } from '../../review/hooks/useHomeworkInfo';
import { recheckApi, recheckKeys } from '../api';
import { OpenGate } from '../components/OpenGate';
import { RecheckFailed } from '../components/RecheckFailed';
import { ReportView } from '../components/ReportView';
import { recheckRulesPath } from '../paths';
import '../recheck.css';

/**
 * /homework/rechecking?courseId=&id=&courseRole=1 (spec 2 §2): the duplicate-check report of a
 * homework, for its teachers. A finished report the teacher has not opened in this version says what
 * opening it costs and the views left first; opening it takes one view (spec 2 §5), and reloading or
 * coming back to it costs nothing.
 */
export default function RecheckingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? `/homework?courseId=${courseId}&id=${id}&courseRole=1` : undefined);

  return (
    <div className="page dup-page" data-testid="recheck-page">
      <PageNavBar
        title={t('recheck.title')}
        onBack={goBack}
        right={
          courseId && id ? (
            <button
              type="button"
              className="nav-text-button"
              onClick={() => navigate(recheckRulesPath(courseId, id))}
              data-testid="recheck-rules-link"
            >
              {t('recheck.rules')}
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => (id === null ? <LoadFailed message={t('recheck.badAddress')} /> : <Report courseId={course.id} id={id} />)}
      </CourseGate>
    </div>
  );
}

function Report({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const homework = useHomeworkInfo(courseId, id);
  const rules = useQuery({
    queryKey: recheckKeys.rules(courseId, id),
    queryFn: () => recheckApi.rules(courseId, id),
    retry: retryNetworkOnly,
  });
  const queryClient = useQueryClient();
  // reading never takes a view: a version opened before comes back whole, a new one only with the views left
  const report = useQuery({
    queryKey: recheckKeys.report(courseId, id),
    queryFn: () => recheckApi.report(courseId, id, 0),
    retry: retryNetworkOnly,
  });
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      queryClient.setQueryData(recheckKeys.report(courseId, id), await recheckApi.report(courseId, id, 1));
    } catch (e) {
      showApiError(e);
      void report.refetch();
    } finally {
      setOpening(false);
      void rules.refetch();
    }
  };

  if (report.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (!report.data)
    return (
      <RecheckFailed error={report.error} onRetry={() => void report.refetch()} rulesPath={recheckRulesPath(courseId, id)} />
    );
  const data = report.data;
  return (
    <div className="page-body dup-body">
      {homework.data ? (
        <h2 className="dup-homework" data-testid="recheck-homework-title">
          {homework.data.title}
        </h2>
      ) : null}
      {data.enabled && !data.opened ? (
        <OpenGate
          title={t('recheck.gate.reportTitle')}
          text={t('recheck.gate.reportText')}
          usedUpText={t('recheck.gate.usedUpReport')}
          left={data.left ?? 0}
          total={rules.data?.homeworkviews}
          opening={opening}
          onOpen={() => void open()}
          rulesPath={recheckRulesPath(courseId, id)}
        />
      ) : data.enabled ? (
        <ReportView
          courseId={courseId}
          id={id}
          report={data}
          homeworkViews={rules.data?.vip ? undefined : rules.data?.homeworkviews}
          refreshing={report.isFetching}
          fetchedAt={report.dataUpdatedAt}
          onRefresh={() => {
            // a refresh costs nothing: a finished report not opened yet comes back as the question whether to open it
            void report.refetch().then((result) => {
              if (result.isError) showApiError(result.error);
            });
          }}
        />
      ) : (
        <ErrorBlock
          status="empty"
          className="dup-empty"
          title={<span data-testid="recheck-off">{t('recheck.off')}</span>}
          description={t('recheck.offText')}
        />
      )}
    </div>
  );
}
