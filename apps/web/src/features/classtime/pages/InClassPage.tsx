import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, Popup, Skeleton, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { courseHomePath } from '../../courses/utils';
import { coursewareApi } from '../../courseware/api';
import { PageComments } from '../../courseware/components/PageComments';
import { ClassTimerBadge } from '../../speak/components/ClassTimerBadge';
import { classTimeApi, classTimeKeys, type Presentation, presentingApi, presentingKeys } from '../api';
import { ProjectorScreen } from '../components/ProjectorScreen';
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
 * back on their own (ahead only as far as the screen has been, unless the teacher allows more: decision
 * 029) and return to live, mark a page "don't understand" and comment on it.
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
  return staff ? <ProjectorScreen p={p} /> : <Follow key={p.interactid} p={p} />;
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

  // decision 029: no page past the furthest the screen has shown, unless the teacher lets students page ahead
  const last = p.ahead ? p.total : Math.max(p.reached, p.page);
  const look = (to: number) => {
    if (to < 1 || to > last) return;
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
      <h2 className="in-class-title" data-testid="in-class-title">
        {p.title}
      </h2>
      <SlideStage pages={p.pages} page={page} last={last} onSwipe={(by) => look(page + by)}>
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
        <Button onClick={() => look(page + 1)} disabled={page >= last} data-testid="in-class-next">
          {t('presenting.next')}
        </Button>
      </div>
      {page >= last && last < p.total ? (
        <p className="muted small in-class-held" data-testid="in-class-held">
          {t('presenting.heldBack')}
        </p>
      ) : null}
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
