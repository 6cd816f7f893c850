import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { CheckCircleOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { coursewareApi, coursewareKeys, usePreStudyInfo } from '../api';
import { ConversionState } from '../components/ConversionState';
import { CoursewareList } from '../components/CoursewareList';
import { DownloadButton } from '../components/DownloadButton';
import { PageComments } from '../components/PageComments';
import { SlideViewer } from '../components/SlideViewer';
import { formatDuration, reviewPath } from '../paths';
import '../courseware.css';
import '../review.css';

/** How often the learning time is reported while the page is in view, seconds. */
const REPORT_EVERY = 15;

/**
 * /courseware/startLearning?courseId=&courseRole=0[&id=]: a student's courseware. Without an id, the
 * course's published courseware with their progress; with one, the slides page by page (swipe or the
 * buttons), "don't understand" per page, the page's comments with replies, and "finish". Learning
 * time is reported every 15 s while the page is in view.
 */
export default function StartLearningPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  return (
    <div className="page cw-page" data-testid="courseware-learning-page">
      <PageNavBar title={t('courseware.title')} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id ? (
            <Learner courseId={course.id} id={id} />
          ) : (
            <CoursewareList courseId={course.id} courseRole={Number(course.courseRole) ? 1 : 0} />
          )
        }
      </CourseGate>
    </div>
  );
}

function Learner({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = usePreStudyInfo(id);
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState(false);
  const data = info.data;
  const learning = Boolean(data && data.state === 'ready' && !data.closed && !data.manage);
  const current = page || data?.learning.pageindex || 1;
  const pageRef = useRef(current);
  pageRef.current = current;

  // the time in view, reported every REPORT_EVERY seconds (the server counts at most what passed)
  useEffect(() => {
    if (!learning) return;
    let last = Date.now();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') {
        last = Date.now();
        return;
      }
      const seconds = Math.round((Date.now() - last) / 1000);
      last = Date.now();
      coursewareApi
        .learnTime(id, seconds, pageRef.current)
        .then((l) =>
          queryClient.setQueryData(coursewareKeys.info(id), (old: typeof data) => (old ? { ...old, learning: l } : old)),
        )
        .catch(() => undefined);
    }, REPORT_EVERY * 1000);
    return () => window.clearInterval(timer);
  }, [learning, id, queryClient]);

  // opening the courseware counts its page as seen
  const opened = useRef(false);
  useEffect(() => {
    if (!learning || opened.current) return;
    opened.current = true;
    coursewareApi.pageIndex(id, pageRef.current).catch(() => undefined);
  }, [learning, id]);

  if (info.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (info.isError) return <QueryFailed error={info.error} onRetry={() => void info.refetch()} />;
  const d = info.data;
  const reload = () => queryClient.invalidateQueries({ queryKey: coursewareKeys.info(id) });
  // a turned page shows its newest comments and marks: the page's record is written, then all is asked again
  const turn = (n: number) => {
    setPage(n);
    const recorded = learning ? coursewareApi.pageIndex(id, n).catch(() => undefined) : Promise.resolve();
    void recorded.then(reload);
  };
  const doubted = d.doubts.includes(current);
  const toggleDoubt = async () => {
    setBusy(true);
    try {
      await coursewareApi.doubt(id, current, doubted ? 0 : 1);
      await reload();
      Toast.show({ content: doubted ? t('courseware.doubtRemoved') : t('courseware.doubtMarked') });
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const finish = async () => {
    setBusy(true);
    try {
      await coursewareApi.finish(id);
      await reload();
      Toast.show({ content: t('courseware.finishedToast') });
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-body cw-body" data-testid="cw-learner" data-id={id}>
      <div className="cw-head">
        <h2 className="cw-title" data-testid="cw-title">
          {d.title}
        </h2>
        {d.closed ? <span className="cw-tag">{t('courseware.closedTag')}</span> : null}
        {d.learning.finished ? <span className="cw-tag is-done">{t('courseware.finished')}</span> : null}
        {d.downloadable ? <DownloadButton id={id} /> : null}
      </div>
      {d.state !== 'ready' ? (
        <ConversionState state={d.state} total={d.total} />
      ) : (
        <>
          <SlideViewer
            slides={d.pages}
            page={Math.min(current, d.total)}
            onPage={turn}
            badge={
              doubted ? (
                <span className="cw-doubt-badge" data-testid="cw-my-doubt">
                  {t('courseware.doubtMine')}
                </span>
              ) : null
            }
          />
          <div className="cw-learn-bar">
            <span className="small muted" data-testid="cw-my-time">
              {t('courseware.myTime', { time: formatDuration(d.learning.seconds) })}
            </span>
            {learning ? (
              <Button
                size="small"
                shape="rounded"
                color={doubted ? 'warning' : 'default'}
                loading={busy}
                onClick={() => void toggleDoubt()}
                data-testid="cw-doubt"
                data-doubted={doubted ? '1' : '0'}
                aria-pressed={doubted}
              >
                <QuestionCircleOutline /> {doubted ? t('courseware.doubtUndo') : t('courseware.doubt')}
              </Button>
            ) : null}
          </div>
          <PageComments interactid={id} page={Math.min(current, d.total)} comments={d.comments} onChanged={reload} />
          {learning && !d.learning.finished ? (
            <Button block color="primary" shape="rounded" loading={busy} onClick={() => void finish()} data-testid="cw-finish">
              <CheckCircleOutline /> {t('courseware.finish')}
            </Button>
          ) : null}
          {d.presented > 0 ? (
            // the classes that showed it on the classroom screen: the pages shown there, with the marks and comments (decision 025)
            <Link to={reviewPath(courseId, d.manage ? 1 : 0, { id })} className="cwr-review-entry" data-testid="cw-review-entry">
              {t('cwReview.entry', { count: d.presented })}
            </Link>
          ) : null}
          {d.closed ? <p className="muted small">{t('courseware.closedHint')}</p> : null}
        </>
      )}
    </div>
  );
}
