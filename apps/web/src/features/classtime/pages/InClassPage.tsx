import {
  COURSEWARE_COMMENT_EVENT,
  COURSEWARE_DOUBT_EVENT,
  type CoursewareCommentEvent,
  type ManageSlides,
} from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, Popup, Skeleton, Tag, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { BarrageLayer } from '../../barrage/components/BarrageLayer';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { courseHomePath } from '../../courses/utils';
import { coursewareApi } from '../../courseware/api';
import { PageComments } from '../../courseware/components/PageComments';
import { interactApi, interactKeys } from '../../interact/api';
import { JoinStepPrompt } from '../../interact/components/JoinStepPrompt';
import { useInteractEvents } from '../../interact/hooks/useInteractEvents';
import { interactPaths } from '../../interact/paths';
import { ClassTimerBadge } from '../../speak/components/ClassTimerBadge';
import { classTimeApi, classTimeKeys, type Presentation, presentingApi, presentingKeys } from '../api';
import { SlideStage } from '../components/SlideStage';
import { usePresentation } from '../hooks/usePresentation';
import { inClassPaths } from '../paths';
import '../classtime.css';
// the page comments' own look, in the students' comment sheet
import '../../courseware/courseware.css';

/**
 * /courseware/inClass?courseId=&courseRole= (ours, issue 15): the class's slides. The teacher's
 * view is the classroom screen — pick a converted courseware, turn its pages (buttons, swipe, or the
 * remote controller on their phone), see how many students do not understand the page and the
 * comments written on it live, stop. A student's view follows the screen's page live; they may page
 * back on their own and return to live, mark a page "don't understand" and comment on it.
 */
export default function InClassPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const staff = info.data ? hasAbility(info.data, 'teachClass') : false;
  const goBack = useGoBack(courseId ? courseHomePath(courseId, staff ? 1 : 0) : undefined);
  return (
    <div className="page in-class-page" data-testid="in-class-page">
      <PageNavBar
        title={t(staff ? 'presenting.screenTitle' : 'presenting.followTitle')}
        onBack={goBack}
        right={<ClassTimerBadge courseId={courseId} />}
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <InClass courseId={course.id} staff={hasAbility(course, 'teachClass')} />}
      </CourseGate>
    </div>
  );
}

function InClass({ courseId, staff }: { courseId: number; staff: boolean }) {
  const { t } = useTranslation();
  const shown = usePresentation(courseId);
  if (shown.isPending)
    return (
      <div className="page-body" aria-busy="true" data-testid="in-class-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (shown.isError) return <QueryFailed error={shown.error} onRetry={() => void shown.refetch()} />;
  const p = shown.data;
  if (!p.classtimeid)
    return staff ? (
      <BeginClass courseId={courseId} />
    ) : (
      <ErrorBlock
        status="empty"
        title={t('presenting.noClass')}
        description={t('presenting.noClassHint')}
        data-testid="in-class-none"
      />
    );
  if (p.presenting !== 1)
    return staff ? (
      <PickCourseware courseId={courseId} />
    ) : (
      <ErrorBlock
        status="empty"
        title={t('presenting.nothingShown')}
        description={t('presenting.nothingShownHint')}
        data-testid="in-class-none"
      />
    );
  // another courseware on the screen starts the page afresh: its own page and marks are not this one's
  return staff ? <Screen p={p} /> : <Follow key={p.interactid} p={p} />;
}

function BeginClass({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const begin = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(classTimeKeys.status(courseId), await classTimeApi.begin(courseId));
      await queryClient.invalidateQueries({ queryKey: presentingKeys.current(courseId) });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page-body in-class-empty" data-testid="in-class-none">
      <ErrorBlock status="empty" title={t('presenting.noClass')} description={t('presenting.beginHint')} />
      <Button color="primary" block loading={busy} onClick={() => void begin()} data-testid="in-class-begin">
        {t('classTime.begin')}
      </Button>
    </div>
  );
}

/** The teacher picks a courseware to put on the screen; one still converting says so and waits. */
function PickCourseware({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(0);
  const list = useQuery({
    queryKey: ['presenting', courseId, 'coursewares'],
    queryFn: () => coursewareApi.list(courseId),
    // a courseware being converted becomes ready while the teacher waits
    refetchInterval: (q) => (q.state.data?.list.some((c) => c.state === 'waiting' || c.state === 'converting') ? 2000 : false),
  });
  if (list.isPending) return <Skeleton.Paragraph lineCount={5} animated />;
  if (list.isError) return <QueryFailed error={list.error} onRetry={() => void list.refetch()} />;
  const present = async (id: number) => {
    setBusy(id);
    try {
      queryClient.setQueryData(presentingKeys.current(courseId), await presentingApi.present(courseId, id));
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(0);
    }
  };
  if (list.data.list.length === 0)
    return (
      <div className="page-body in-class-empty" data-testid="in-class-no-courseware">
        <ErrorBlock status="empty" title={t('presenting.noCourseware')} description={t('presenting.noCoursewareHint')} />
        <Link to={inClassPaths.upload(courseId)} className="adm-button adm-button-primary adm-button-block in-class-upload">
          {t('presenting.upload')}
        </Link>
      </div>
    );
  return (
    <div className="page-body">
      <p className="muted small in-class-pick-hint">{t('presenting.pickHint')}</p>
      <List data-testid="in-class-coursewares">
        {list.data.list.map((c) => {
          const ready = c.state === 'ready' && c.total > 0;
          return (
            <List.Item
              key={c.id}
              data-testid="in-class-courseware"
              data-id={c.id}
              description={ready ? t('presenting.pages', { count: c.total }) : t(`presenting.state.${c.state}`)}
              extra={
                <Button
                  size="small"
                  color="primary"
                  disabled={!ready}
                  loading={busy === c.id}
                  onClick={() => void present(c.id)}
                  data-testid="in-class-present"
                >
                  {t('presenting.present')}
                </Button>
              }
            >
              {c.title}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}

/**
 * How many students marked the page "don't understand", and its comments: read as the page turns, and
 * again when a student marks or unmarks one (`Courseware.doubt`, pushed to the course's staff); a
 * comment written meanwhile (`Courseware.comment`, decision 025) shows at once with its count.
 */
function usePageCounts(interactid: number, page: number) {
  const queryClient = useQueryClient();
  const key = ['presenting', 'doubts', interactid, page];
  const per = useQuery({ queryKey: key, queryFn: () => coursewareApi.manageSlides(interactid) });
  const [newest, setNewest] = useState<Record<number, CoursewareCommentEvent['comment']>>({});
  useSocketEvent(COURSEWARE_DOUBT_EVENT, (data: { interactid?: number }) => {
    if (Number(data?.interactid) === interactid)
      void queryClient.invalidateQueries({ queryKey: ['presenting', 'doubts', interactid] });
  });
  useSocketEvent(COURSEWARE_COMMENT_EVENT, (data: CoursewareCommentEvent) => {
    if (Number(data?.interactid) !== interactid) return;
    setNewest((was) => ({ ...was, [data.pageindex]: data.comment }));
    queryClient.setQueriesData<ManageSlides>({ queryKey: ['presenting', 'doubts', interactid] }, (old) =>
      old
        ? { ...old, pages: old.pages.map((x) => (x.pageindex === data.pageindex ? { ...x, comments: data.comments } : x)) }
        : old,
    );
  });
  const counts = per.data?.pages.find((x) => x.pageindex === page);
  return { doubts: counts?.doubts ?? 0, comments: counts?.comments ?? 0, newest: newest[page] };
}

/**
 * The question placed on the screen's page, if any (the first): it opens when the page is reached,
 * and the screen links to its live answers. Read again when a step starts (`useInteractEvents`).
 */
function usePageQuestion(p: Presentation) {
  useInteractEvents(p.courseid);
  const placed = useQuery({
    queryKey: interactKeys.slides(p.interactid),
    queryFn: () => interactApi.slideQuestions(p.interactid),
  });
  return placed.data?.pages.find((x) => x.pageindex === p.page)?.steps[0];
}

/** The classroom screen: the slide large, turned here or from the remote controller. */
function Screen({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [remoteOpen, setRemoteOpen] = useState(false);
  const counts = usePageCounts(p.interactid, p.page);
  const question = usePageQuestion(p);
  const key = presentingKeys.current(p.courseid);

  const turn = async (to: number) => {
    if (to < 1 || to > p.total || to === p.page) return;
    // shown at once; the server's push (or its refusal) settles it
    queryClient.setQueryData<Presentation>(key, { ...p, page: to });
    try {
      await presentingApi.gotoPage(p.courseid, to);
    } catch (e) {
      showApiError(e);
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const stop = async () => {
    const { result } = confirmDialog({
      content: t('presenting.stopConfirm'),
      confirmText: t('presenting.stop'),
      testid: 'in-class-stop',
    });
    if (!(await result)) return;
    try {
      queryClient.setQueryData(key, await presentingApi.stop(p.courseid));
      Toast.show({ content: t('presenting.stopped') });
    } catch (e) {
      showApiError(e);
    }
  };
  return (
    <div className="page-body in-class-body" data-testid="in-class-screen" data-interactid={p.interactid}>
      <h2 className="in-class-title" data-testid="in-class-title">
        {p.title}
      </h2>
      <SlideStage pages={p.pages} page={p.page} onSwipe={(by) => void turn(p.page + by)}>
        {/* the class's bullet comments fly over the slide, as on Ketangpai's classroom screen */}
        <BarrageLayer courseId={p.courseid} lanes={3} />
        {counts.doubts > 0 ? (
          <Tag color="warning" className="slide-doubts" data-testid="slide-doubts">
            {t('presenting.doubts', { count: counts.doubts })}
          </Tag>
        ) : null}
        {counts.comments > 0 ? (
          <Tag color="primary" className="slide-comments" data-testid="slide-comments" data-count={counts.comments}>
            {t('presenting.comments', { count: counts.comments })}
          </Tag>
        ) : null}
      </SlideStage>
      {counts.newest ? (
        <p className="in-class-newest" data-testid="in-class-newest-comment">
          <strong>{counts.newest.username}</strong>
          <span>{counts.newest.comment}</span>
        </p>
      ) : null}
      {question ? (
        <Link
          to={interactPaths.detail(p.courseid, 1, question.itemid)}
          className="in-class-question"
          data-testid="in-class-question"
          data-state={question.state}
        >
          {t(question.state === 0 ? 'presenting.questionWaiting' : 'presenting.questionOpened')}
        </Link>
      ) : null}
      <div className="in-class-controls">
        <Button onClick={() => void turn(p.page - 1)} disabled={p.page <= 1} data-testid="in-class-prev">
          {t('presenting.previous')}
        </Button>
        <span className="in-class-page-no" data-testid="in-class-page-no">
          {t('presenting.pageOf', { page: p.page, total: p.total })}
        </span>
        <Button color="primary" onClick={() => void turn(p.page + 1)} disabled={p.page >= p.total} data-testid="in-class-next">
          {t('presenting.next')}
        </Button>
      </div>
      <div className="in-class-actions">
        <Button fill="outline" onClick={() => setRemoteOpen(true)} data-testid="in-class-remote">
          {t('presenting.remote')}
        </Button>
        <Button fill="outline" color="danger" onClick={() => void stop()} data-testid="in-class-stop">
          {t('presenting.stop')}
        </Button>
      </div>
      <Link
        to={interactPaths.slides(p.courseid, p.interactid)}
        className="in-class-slide-questions"
        data-testid="in-class-slide-questions"
      >
        {t('interact.slides.entry')}
      </Link>
      <Popup visible={remoteOpen} onMaskClick={() => setRemoteOpen(false)} bodyClassName="in-class-remote-popup">
        <RemoteLink p={p} />
      </Popup>
    </div>
  );
}

/** The remote controller's address for the teacher's phone: a QR code to scan, or the link. */
function RemoteLink({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  const path = inClassPaths.remote(p);
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(new URL(path, location.origin).toString(), { margin: 1, width: 480 }).then((src) => live && setQr(src)),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return (
    <div className="in-class-remote" data-testid="in-class-remote-popup">
      <h3>{t('presenting.remoteTitle')}</h3>
      <p className="muted small">{t('presenting.remoteHint')}</p>
      {qr ? <img className="in-class-remote-qr" src={qr} alt={t('presenting.remoteQr')} /> : null}
      <Link to={path} className="in-class-remote-link" data-testid="in-class-remote-link">
        {t('presenting.remoteOpen')}
      </Link>
    </div>
  );
}

/** A student's phone: the screen's page, or their own while they look back; "don't understand" per page. */
function Follow({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  // the page the student looks at on their own; null: the screen's page
  const [own, setOwn] = useState<number | null>(null);
  const page = own ?? p.page;
  const mine = useQuery({ queryKey: ['presenting', 'mine', p.interactid], queryFn: () => coursewareApi.info(p.interactid) });
  const [marked, setMarked] = useState<Set<number> | null>(null);
  const doubts = marked ?? new Set(mine.data?.doubts ?? []);
  const [busy, setBusy] = useState(false);
  const [commenting, setCommenting] = useState(false);

  const look = (to: number) => {
    if (to < 1 || to > p.total) return;
    setOwn(to === p.page ? null : to);
  };
  const toggleDoubt = async () => {
    const on = !doubts.has(page);
    setBusy(true);
    try {
      await coursewareApi.doubt(p.interactid, page, on ? 1 : 0);
      const next = new Set(doubts);
      if (on) next.add(page);
      else next.delete(page);
      setMarked(next);
      Toast.show({ content: t(on ? 'presenting.doubtMarked' : 'presenting.doubtCleared') });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-body in-class-body" data-testid="in-class-follow" data-interactid={p.interactid}>
      {/* a question on the page the screen reaches opens for answers: the phone is asked to join */}
      <JoinStepPrompt courseId={p.courseid} />
      <h2 className="in-class-title" data-testid="in-class-title">
        {p.title}
      </h2>
      <SlideStage pages={p.pages} page={page} onSwipe={(by) => look(page + by)}>
        {own === null ? (
          <Tag color="danger" className="slide-live" data-testid="slide-live">
            {t('presenting.live')}
          </Tag>
        ) : null}
      </SlideStage>
      <div className="in-class-controls">
        <Button onClick={() => look(page - 1)} disabled={page <= 1} data-testid="in-class-prev">
          {t('presenting.previous')}
        </Button>
        <span className="in-class-page-no" data-testid="in-class-page-no">
          {t('presenting.pageOf', { page, total: p.total })}
        </span>
        <Button onClick={() => look(page + 1)} disabled={page >= p.total} data-testid="in-class-next">
          {t('presenting.next')}
        </Button>
      </div>
      <div className="in-class-actions">
        {own !== null ? (
          <Button color="primary" onClick={() => setOwn(null)} data-testid="in-class-back-live">
            {t('presenting.backToLive', { page: p.page })}
          </Button>
        ) : null}
        <Button
          color={doubts.has(page) ? 'warning' : 'default'}
          fill={doubts.has(page) ? 'solid' : 'outline'}
          loading={busy}
          onClick={() => void toggleDoubt()}
          data-testid="in-class-doubt"
          data-state={doubts.has(page) ? 'on' : 'off'}
        >
          {t(doubts.has(page) ? 'presenting.doubtOn' : 'presenting.doubt')}
        </Button>
        <Button fill="outline" onClick={() => setCommenting(true)} data-testid="in-class-comment">
          {t('presenting.comment')}
        </Button>
      </div>
      {/* a comment on the page looked at: the teacher's screen shows it at once (decision 025) */}
      <Popup
        visible={commenting}
        onMaskClick={() => setCommenting(false)}
        onClose={() => setCommenting(false)}
        bodyClassName="in-class-comment-popup"
        destroyOnClose
      >
        <div data-testid="in-class-comment-popup">
          <PageComments
            interactid={p.interactid}
            page={page}
            comments={mine.data?.comments ?? []}
            onChanged={() => mine.refetch()}
          />
        </div>
      </Popup>
    </div>
  );
}
