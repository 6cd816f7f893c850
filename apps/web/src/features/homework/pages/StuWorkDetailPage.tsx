import { SUBMISSION_STATES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tag, Toast } from 'antd-mobile';
import { HistogramOutline, LeftOutline, RightOutline, StarOutline, UndoOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { homeworkApi, homeworkKeys } from '../api';
import { FilePreview } from '../components/FilePreview';
import { GradeForm } from '../components/GradeForm';
import { ReasonPopup } from '../components/ReasonPopup';
import { WorkAnswer } from '../components/WorkAnswer';
import { WorkStateTag } from '../components/WorkStateTag';
import { useHomework, useRefreshHomework } from '../hooks/useHomework';
import { historyPath, homeworkPath, repulsePath, stuUserListPath, stuWorkDetailPath } from '../paths';
import { reviewDetailPath } from '../review/paths';
import type { Homework, Submission } from '../types';
import { formatScore, gradable, parseFilter } from '../utils';
import '../../materials/materials.css';
import '../homework.css';

/**
 * /homework/stuWorkDetail?courseId=&id=&sid=[&filter=]: one submission for grading, on the phone or a
 * large screen (two columns from 900 px): its files opened in the page (see FilePreview), then the
 * score and comment (spec 2 §5), returning it with a reason, sharing it or cancelling the share; the
 * previous and next submission of the list the teacher came from (`filter`, in its order). A changed
 * score or comment that is not saved is confirmed before the page leaves it.
 */
export default function StuWorkDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const sid = parseItemId(params.get('sid'));
  const filter = parseFilter(params.get('filter'));
  const goBack = useGoBack(courseId && id ? stuUserListPath(courseId, id, filter) : undefined);
  const [dirty, setDirty] = useState(false);

  const mayLeave = async () =>
    !dirty ||
    confirmDialog({
      title: t('homework.detail.leaveTitle'),
      content: t('homework.detail.leaveText'),
      confirmText: t('homework.detail.leaveConfirm'),
      cancelText: t('homework.detail.leaveStay'),
      danger: true,
      testid: 'grade-leave',
    }).result;

  return (
    <div className="page hw-page hw-detail-page" data-testid="work-detail-page">
      <PageNavBar title={t('homework.detail.title')} onBack={() => void mayLeave().then((ok) => ok && goBack())} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null || sid === null ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : (
            <WorkDetail
              courseId={course.id}
              id={id}
              sid={sid}
              filter={filter}
              onDirty={setDirty}
              onLeave={(to) => void mayLeave().then((ok) => ok && navigate(to))}
              onStep={async (to) => {
                // stepping replaces the address: the back arrow still leads to the list
                if (await mayLeave()) navigate(stuWorkDetailPath(course.id, id, to, filter), { replace: true });
              }}
            />
          )
        }
      </CourseGate>
    </div>
  );
}

/**
 * The submissions of the list the teacher came from, in its order, as it was when the grading page
 * opened: a submission graded here stays in the steps even when the list's filter no longer holds it.
 */
function useGradingOrder(courseId: number, id: number, filter: number) {
  const query = useQuery({
    queryKey: homeworkKeys.order(courseId, id, filter),
    // one row is enough: every page carries the whole list's order
    queryFn: async () => (await homeworkApi.owners({ courseid: courseId, id, filter, page: 1, limit: 1 })).sids,
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const [kept, setKept] = useState<number[] | null>(null);
  useEffect(() => {
    if (kept === null && query.data) setKept(query.data);
  }, [kept, query.data]);
  return { order: kept ?? query.data ?? null, query };
}

function WorkDetail({
  courseId,
  id,
  sid,
  filter,
  onDirty,
  onLeave,
  onStep,
}: {
  courseId: number;
  id: number;
  sid: number;
  filter: number;
  onDirty: (dirty: boolean) => void;
  /** goes to another page, asking first about an unsaved score */
  onLeave: (to: string) => void;
  onStep: (sid: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { order, query: orderQuery } = useGradingOrder(courseId, id, filter);
  const pager = order ? (
    <GradingPager order={order} sid={sid} filter={filter} onStep={onStep} />
  ) : orderQuery.isError ? (
    <div className="hw-pager" data-testid="work-pager-failed">
      <span className="muted small">{t('homework.detail.orderFailed')}</span>
      <Button
        size="small"
        shape="rounded"
        fill="outline"
        onClick={() => void orderQuery.refetch()}
        data-testid="work-pager-retry"
      >
        {t('common.retry')}
      </Button>
    </div>
  ) : null;
  return (
    <>
      <WorkLoaded courseId={courseId} id={id} sid={sid} onDirty={onDirty} onLeave={onLeave} />
      {pager}
    </>
  );
}

/** Previous and next in the list's order, with where this one stands; each end's button is disabled. */
function GradingPager({
  order,
  sid,
  filter,
  onStep,
}: {
  order: number[];
  sid: number;
  filter: number;
  onStep: (sid: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const at = order.indexOf(sid);
  // opened from elsewhere on a submission the list does not hold: nothing to step along
  if (at < 0) return null;
  const prev = order[at - 1];
  const next = order[at + 1];
  const go = async (to: number | undefined) => {
    if (to === undefined || moving) return;
    setMoving(true);
    try {
      await onStep(to);
    } finally {
      setMoving(false);
    }
  };
  return (
    <nav className="hw-pager" aria-label={t('homework.detail.pager')} data-testid="work-pager">
      <Button
        size="small"
        shape="rounded"
        fill="outline"
        disabled={prev === undefined}
        onClick={() => void go(prev)}
        data-testid="work-prev"
      >
        <LeftOutline /> {t('homework.detail.prev')}
      </Button>
      <span className="hw-pager-position" data-testid="work-position">
        {t('homework.detail.position', { list: t(`homework.filter.${filter}`), n: at + 1, total: order.length })}
      </span>
      <Button
        size="small"
        shape="rounded"
        fill="outline"
        disabled={next === undefined}
        onClick={() => void go(next)}
        data-testid="work-next"
      >
        {t('homework.detail.next')} <RightOutline />
      </Button>
    </nav>
  );
}

function WorkLoaded({
  courseId,
  id,
  sid,
  onDirty,
  onLeave,
}: {
  courseId: number;
  id: number;
  sid: number;
  onDirty: (dirty: boolean) => void;
  onLeave: (to: string) => void;
}) {
  const hw = useHomework(courseId, id);
  const detail = useQuery({
    queryKey: homeworkKeys.detail(courseId, id, sid),
    queryFn: () => homeworkApi.detail(courseId, id, sid),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  if (hw.isPending || detail.isPending)
    return (
      <div className="page-body" data-testid="work-detail-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (hw.isError) return <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  return <WorkBody courseId={courseId} hw={hw.data} s={detail.data} onDirty={onDirty} onLeave={onLeave} />;
}

function WorkBody({
  courseId,
  hw,
  s,
  onDirty,
  onLeave,
}: {
  courseId: number;
  hw: Homework;
  s: Submission;
  onDirty: (dirty: boolean) => void;
  onLeave: (to: string) => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshHomework(courseId, hw.id);
  const [sharing, setSharing] = useState(false);
  const returned = s.state === SUBMISSION_STATES.returned;
  const shared = Number(s.shared) === 1;

  const cancelShare = async () => {
    const ok = await confirmDialog({
      title: t('homework.share.cancelTitle'),
      content: t('homework.share.cancelConfirm'),
      testid: 'cancel-share',
    }).result;
    if (!ok) return;
    try {
      await homeworkApi.cancelShare(courseId, hw.id, s.sid);
      Toast.show({ content: t('homework.share.cancelled') });
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  return (
    <div className="page-body hw-body hw-detail-grid" data-testid="work-detail" data-sid={s.sid} data-state={s.state}>
      <div className="hw-detail-files">
        <section className="hw-card hw-detail-head">
          <div className="hw-submission-head">
            <span className="hw-submission-who" data-testid="work-who">
              {s.groupname ? `${s.groupname} · ${t('homework.submission.by', { name: s.username })}` : s.username}
              {!s.groupname && s.stno ? <span className="muted small"> {s.stno}</span> : null}
            </span>
            <WorkStateTag state={s.state} testid="work-state" />
            {Number(s.overtime) === 1 && s.state !== SUBMISSION_STATES.late ? (
              <Tag color="warning" fill="outline" className="hw-tag" data-testid="work-overtime">
                {t('homework.submission.overtime')}
              </Tag>
            ) : null}
            {shared ? (
              <Tag color="success" fill="outline" className="hw-tag" data-testid="work-shared">
                {t('homework.list.sharedTag')}
              </Tag>
            ) : null}
          </div>
          <p className="muted small" data-testid="work-time">
            {hw.title} · {t('homework.submission.time', { time: formatTime(Number(s.submittime)) })}
            {Number(s.version) > 1 ? ` · ${t('homework.submission.version', { version: s.version })}` : ''}
          </p>
          {s.message ? (
            <p className="hw-message" data-testid="work-message">
              {s.message}
            </p>
          ) : null}
          <WorkAnswer html={s.content} />
        </section>
        {s.attachment.length === 0 ? (
          s.content ? null : (
            <ErrorBlock status="empty" title={t('homework.detail.noFiles')} description="" />
          )
        ) : (
          s.attachment.map((f) => <FilePreview key={f.id} file={f} />)
        )}
      </div>

      <aside className="hw-detail-panel" data-testid="grade-panel">
        <section className="hw-card">
          <h2 className="hw-section-title">{t('homework.detail.grading')}</h2>
          {returned ? (
            <div className="hw-note is-danger" data-testid="work-returned-note">
              <strong>{t('homework.submission.returnReason')}</strong>
              <span>{s.returnreason}</span>
            </div>
          ) : null}
          {returned ? (
            <p className="muted small">{t('homework.detail.waitingResubmit')}</p>
          ) : (
            <>
              {s.score !== null ? (
                <p className="hw-current-score" data-testid="work-current-score">
                  {t('homework.detail.currentScore', { score: formatScore(s.score) })}
                  {Number(s.scorepublished) === 1
                    ? ` · ${t('homework.detail.published')}`
                    : ` · ${t('homework.detail.unpublished')}`}
                </p>
              ) : null}
              <GradeForm
                key={`${s.sid}-${s.version}-${s.score}`}
                prefix="grade"
                fullscore={hw.settings.fullscore}
                initialScore={s.score}
                initialComment={s.comment}
                onDirtyChange={onDirty}
                onSave={async (score, comment) => {
                  const done = await homeworkApi.grade(courseId, hw.id, [s.sid], score, comment);
                  Toast.show({
                    content: done.published
                      ? t('homework.grade.savedPublished', { count: 1 })
                      : t('homework.grade.saved', { count: 1 }),
                  });
                  await refresh();
                }}
              />
            </>
          )}
        </section>
        <section className="hw-card hw-detail-actions">
          {gradable(s) ? (
            <Button
              block
              shape="rounded"
              color="danger"
              fill="outline"
              onClick={() => onLeave(repulsePath(courseId, hw.id, [s.sid]))}
              data-testid="work-return"
            >
              <UndoOutline /> {t('homework.detail.return')}
            </Button>
          ) : null}
          {shared ? (
            <Button block shape="rounded" fill="outline" onClick={() => void cancelShare()} data-testid="work-unshare">
              <StarOutline /> {t('homework.list.unshare')}
            </Button>
          ) : gradable(s) ? (
            <Button
              block
              shape="rounded"
              fill="outline"
              color="success"
              onClick={() => setSharing(true)}
              data-testid="work-share"
            >
              <StarOutline /> {t('homework.list.share')}
            </Button>
          ) : null}
          <Button
            block
            shape="rounded"
            fill="none"
            onClick={() => onLeave(historyPath(courseId, 1, hw.id, s.sid))}
            data-testid="work-history"
          >
            <HistogramOutline /> {t('homework.detail.history')}
          </Button>
          {Number(hw.settings.type) === 3 ? (
            <Button
              block
              shape="rounded"
              fill="none"
              onClick={() => onLeave(reviewDetailPath(courseId, hw.id, 1, s.sid))}
              data-testid="work-peer-reviews"
            >
              {t('review.reviewsOfSubmission')}
            </Button>
          ) : null}
          <Button
            block
            shape="rounded"
            fill="none"
            onClick={() => onLeave(homeworkPath(courseId, 1, hw.id))}
            data-testid="work-homework"
          >
            {t('homework.detail.backToHomework')}
          </Button>
        </section>
      </aside>

      <ReasonPopup
        open={sharing}
        title={t('homework.share.title')}
        tip={t('homework.share.tip', { name: s.groupname || s.username })}
        placeholder={t('homework.share.placeholder')}
        confirmText={t('homework.share.confirm')}
        emptyKey="validation.shareReason"
        testid="share-popup"
        onClose={() => setSharing(false)}
        onConfirm={async (reason) => {
          await homeworkApi.share(courseId, hw.id, s.sid, reason);
          Toast.show({ content: t('homework.share.done') });
          setSharing(false);
          await refresh();
        }}
      />
    </div>
  );
}
