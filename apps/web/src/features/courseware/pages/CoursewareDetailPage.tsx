import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { interactPaths } from '../../interact/paths';
import { coursewareApi, coursewareKeys, useCoursewareStats, useManageSlides, usePageComments, usePreStudyInfo } from '../api';
import { ConversionState } from '../components/ConversionState';
import { CoursewareList } from '../components/CoursewareList';
import { DownloadButton } from '../components/DownloadButton';
import { PageBars } from '../components/PageBars';
import { PageComments } from '../components/PageComments';
import { SlideViewer } from '../components/SlideViewer';
import { UseStats } from '../components/UseStats';
import { formatDuration } from '../paths';
import '../courseware.css';

/**
 * /courseware/detail?courseId=&courseRole=1[&id=]: the teacher's courseware. Without an id, the
 * course's courseware list with "add"; with one, the slides, the conversion's progress while it runs,
 * per page the "don't understand" marks and comments charted, who marked and who commented, its use
 * statistics with the classes that showed it (each opening that class's review), and who learned it
 * for how long.
 */
export default function CoursewareDetailPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  return (
    <div className="page cw-page" data-testid="courseware-detail-page">
      <PageNavBar title={t('courseware.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id ? <TeacherCourseware courseId={course.id} id={id} /> : <CoursewareList courseId={course.id} courseRole={1} />
        }
      </CourseGate>
    </div>
  );
}

function TeacherCourseware({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const slides = useManageSlides(id);
  const info = usePreStudyInfo(id);
  const [page, setPage] = useState(1);
  if (slides.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (slides.isError) return <QueryFailed error={slides.error} onRetry={() => void slides.refetch()} />;
  const s = slides.data;
  const closed = info.data?.closed === 1;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: coursewareKeys.manage(id) }),
      queryClient.invalidateQueries({ queryKey: coursewareKeys.comments(id) }),
      queryClient.invalidateQueries({ queryKey: coursewareKeys.stats(id) }),
    ]);
  const close = async () => {
    if (!(await confirmDialog({ content: t('courseware.closeConfirm'), testid: 'cw-close' }).result)) return;
    try {
      await coursewareApi.close(id);
      await queryClient.invalidateQueries({ queryKey: coursewareKeys.info(id) });
      await queryClient.invalidateQueries({ queryKey: coursewareKeys.list(courseId) });
      Toast.show({ content: t('courseware.closed') });
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    }
  };
  const current = s.pages[page - 1];
  return (
    <div className="page-body cw-body" data-testid="cw-teacher" data-id={id}>
      <div className="cw-head">
        <h2 className="cw-title" data-testid="cw-title">
          {s.title}
        </h2>
        {s.state === 'ready' ? <ConversionState state={s.state} total={s.total} inline /> : null}
        {closed ? <span className="cw-tag">{t('courseware.closedTag')}</span> : null}
        <DownloadButton id={id} />
      </div>
      {s.state !== 'ready' ? (
        <ConversionState state={s.state} total={s.total} />
      ) : (
        <>
          <SlideViewer
            slides={s.pages}
            page={page}
            onPage={setPage}
            badge={
              current && current.doubts > 0 ? (
                <span className="cw-doubt-badge" data-testid="cw-slide-doubts">
                  {t('courseware.doubtCount', { count: current.doubts })}
                </span>
              ) : null
            }
          />
          <Link to={interactPaths.slides(courseId, id)} className="cw-slide-questions" data-testid="cw-slide-questions">
            {t('interact.slides.entry')}
          </Link>
          <section className="cw-card">
            <h3 className="cw-card-title">{t('courseware.chart.title')}</h3>
            <PageBars pages={s.pages} current={page} onPick={setPage} />
          </section>
          <Doubters key={page} id={id} page={page} count={current?.doubts ?? 0} />
          <TeacherComments id={id} page={page} onChanged={refresh} />
          <UseStats courseId={courseId} id={id} />
          <Statistics id={id} />
          {closed ? null : (
            <Button block shape="rounded" color="danger" fill="outline" onClick={() => void close()} data-testid="cw-close">
              {t('courseware.close')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function Doubters({ id, page, count }: { id: number; page: number; count: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<{ uid: number; username: string }[] | null>(null);
  const show = async () => {
    setOpen(!open);
    if (open) return;
    try {
      setList((await coursewareApi.doubters(id, page)).list);
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    }
  };
  if (count === 0) return null;
  return (
    <section className="cw-card" data-testid="cw-doubters">
      <button type="button" className="cw-card-title cw-link" onClick={() => void show()} data-testid="cw-doubters-toggle">
        {t('courseware.doubters', { page, count })}
      </button>
      {open && list ? (
        <p className="small" data-testid="cw-doubters-names">
          {list.map((d) => d.username).join('、')}
        </p>
      ) : null}
    </section>
  );
}

function TeacherComments({ id, page, onChanged }: { id: number; page: number; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const comments = usePageComments(id);
  if (comments.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (comments.isError) return <QueryFailed error={comments.error} onRetry={() => void comments.refetch()} />;
  return <PageComments interactid={id} page={page} comments={comments.data.list} onChanged={onChanged} />;
}

function Statistics({ id }: { id: number }) {
  const { t } = useTranslation();
  const stats = useCoursewareStats(id);
  if (stats.isPending) return null;
  if (stats.isError) return <QueryFailed error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <section className="cw-card" data-testid="cw-stats">
      <h3 className="cw-card-title">{t('courseware.stats.title')}</h3>
      <div className="cw-stat-grid">
        <div>
          <strong data-testid="cw-stats-learned">{s.learned}</strong>
          <span className="muted small">{t('courseware.stats.learned', { members: s.members })}</span>
        </div>
        <div>
          <strong data-testid="cw-stats-finished">{s.finished}</strong>
          <span className="muted small">{t('courseware.stats.finished')}</span>
        </div>
        <div>
          <strong>{formatDuration(s.avgseconds)}</strong>
          <span className="muted small">{t('courseware.stats.average')}</span>
        </div>
      </div>
      {s.list.length === 0 ? (
        <p className="muted small">{t('courseware.stats.noStudents')}</p>
      ) : (
        <table className="cw-table">
          <thead>
            <tr>
              <th>{t('courseware.stats.student')}</th>
              <th>{t('courseware.stats.time')}</th>
              <th>{t('courseware.stats.pages')}</th>
              <th>{t('courseware.stats.status')}</th>
            </tr>
          </thead>
          <tbody>
            {s.list.map((r) => (
              <tr key={r.uid} data-testid={`cw-stat-${r.uid}`}>
                <td>{r.username}</td>
                <td>{formatDuration(r.seconds)}</td>
                <td>
                  {r.seen}/{s.total}
                </td>
                <td>
                  {r.finished
                    ? t('courseware.finished')
                    : r.seconds || r.seen
                      ? t('courseware.learning')
                      : t('courseware.notStarted')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
