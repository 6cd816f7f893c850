import { REMOTE_COMMANDS } from '@paiclass/shared';
import { Button, ErrorBlock, Popup, Skeleton, SpinLoading, Toast } from 'antd-mobile';
import { AppOutline, CloseOutline, LeftOutline, PicturesOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { classroomSocket, useCourseJoined, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { SlideStage } from '../components/SlideStage';
import { usePresentation } from '../hooks/usePresentation';
import '../classtime.css';

const idOf = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * /remoteController?classtimeid=&courseId=&interactid= (spec 2 §2): the teacher's phone turns the
 * classroom screen's slides. "current page N/total" and the slide; large previous and next buttons at
 * the thumb's reach (issue 25), or a swipe left for the next slide and right for the previous
 * (`ppt_next`, `ppt_pre` on the classroom socket); the footer's thumbnails jump to a page
 * (`goto_page`); exit returns to `/`. The page follows `interactPptPage`, whoever turned it.
 *
 * "connecting..." (spec 2 §9 shows it for a fixed 2 s) shows while the socket is not yet in the
 * course's rooms, and goes as soon as the server says it is (`useCourseJoined`): until then a
 * command could reach the server before the course it turns is known, so the buttons wait too.
 */
export default function RemoteControllerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseId = idOf(params.get('courseId'));
  const classTimeId = idOf(params.get('classtimeid'));
  const shown = usePresentation(courseId, classTimeId);
  const joined = useCourseJoined(courseId);
  const [thumbs, setThumbs] = useState(false);

  // a refused command (not the course's teacher, no class): said, and the page reads the screen again
  useSocketEvent('User.error', (data: { error?: string }) => {
    if (data?.error) Toast.show({ content: data.error });
  });

  const p = shown.data;
  const turn = (by: 1 | -1) => classroomSocket.send(by === 1 ? REMOTE_COMMANDS.next : REMOTE_COMMANDS.previous, {});
  const body = (() => {
    if (!courseId) return <ErrorBlock status="empty" title={t('remote.badAddress')} description="" />;
    if (shown.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
    if (shown.isError) return <QueryFailed error={shown.error} onRetry={() => void shown.refetch()} />;
    if (p?.presenting !== 1)
      return (
        <ErrorBlock
          status="empty"
          title={t('presenting.nothingShown')}
          description={t('remote.nothingHint')}
          data-testid="remote-none"
        />
      );
    return (
      <>
        <div className="remote-screen">
          <div className="remote-page-no" data-testid="remote-page-no" data-page={p.page}>
            {t('remote.current', { page: p.page, total: p.total })}
          </div>
          <SlideStage pages={p.pages} page={p.page} onSwipe={joined ? turn : undefined} />
          <p className="small remote-hint">{t('remote.swipeHint')}</p>
        </div>
        {/* at the foot of the screen, where a thumb holding the phone reaches */}
        <div className="remote-turn">
          <Button
            className="remote-turn-button"
            disabled={!joined || p.page <= 1}
            onClick={() => turn(-1)}
            data-testid="remote-prev"
          >
            <LeftOutline aria-hidden="true" />
            <span>{t('remote.previous')}</span>
          </Button>
          <Button
            className="remote-turn-button"
            color="primary"
            disabled={!joined || p.page >= p.total}
            onClick={() => turn(1)}
            data-testid="remote-next"
          >
            <span>{t('remote.next')}</span>
            <RightOutline aria-hidden="true" />
          </Button>
        </div>
      </>
    );
  })();

  return (
    <div className="page remote-page" data-testid="remote-page" data-socket={joined ? 'joined' : 'connecting'}>
      {courseId && !joined ? (
        <div className="remote-connecting" role="status" data-testid="remote-connecting">
          <span aria-hidden="true">
            <SpinLoading color="currentColor" style={{ '--size': '16px' }} />
          </span>
          <span>{t('remote.connecting')}</span>
        </div>
      ) : null}
      <div className="page-body remote-body">{body}</div>
      <nav className="remote-footer">
        <button type="button" className="remote-tab is-on" data-testid="remote-tab-control">
          <AppOutline />
          <span>{t('remote.control')}</span>
        </button>
        <button
          type="button"
          className="remote-tab"
          disabled={!p?.presenting}
          onClick={() => setThumbs(true)}
          data-testid="remote-tab-thumbs"
        >
          <PicturesOutline />
          <span>{t('remote.thumbnails')}</span>
        </button>
        <button type="button" className="remote-tab" onClick={() => navigate('/')} data-testid="remote-tab-exit">
          <CloseOutline />
          <span>{t('remote.exit')}</span>
        </button>
      </nav>
      <Popup visible={thumbs} onMaskClick={() => setThumbs(false)} bodyClassName="remote-thumbs-popup">
        <div className="remote-thumbs" data-testid="remote-thumbs">
          {p?.pages.map((s) => (
            <button
              type="button"
              key={s.pageindex}
              className={`remote-thumb${s.pageindex === p.page ? ' is-on' : ''}`}
              onClick={() => {
                classroomSocket.send(REMOTE_COMMANDS.goto, { pageindex: s.pageindex });
                setThumbs(false);
              }}
              data-testid="remote-thumb"
              data-page={s.pageindex}
            >
              <img src={s.url} alt="" loading="lazy" />
              <span>{t('remote.pageN', { page: s.pageindex })}</span>
            </button>
          ))}
        </div>
      </Popup>
    </div>
  );
}
