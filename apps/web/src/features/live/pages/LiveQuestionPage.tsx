import { Button, ErrorBlock } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { InteractList } from '../../interact/components/InteractList';
import { useInteractEvents } from '../../interact/hooks/useInteractEvents';
import { TeacherInteract } from '../../interact/pages/InteractTeacherPage';
import { liveClassPaths } from '../api';
import { LiveClassFrame } from './LiveClassFrame';
import '../../interact/interact.css';
import { usePendingSteps } from '../../interact/hooks/usePendingSteps';

/**
 * /onlineLive/question?courseId=&courseRole=&id=[&interactid=] (spec 2 §2; decision 040): the questions
 * of the class on the stream are the classroom's interactive answers (decision 022). The teacher picks
 * one of the course's, asks its steps one at a time for a number of seconds, watches the answers arrive
 * as bars, closes and reveals; a student finds here the questions waiting for their answer.
 */
export default function LiveQuestionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const interactid = Number(params.get('interactid')) || 0;
  return (
    <LiveClassFrame testId="live-question-page" title={t('live.class.questionTitle')}>
      {(course, id, { manager, backToLive }) =>
        manager ? (
          <TeacherQuestions courseId={course.id} id={id} interactid={interactid} backToLive={backToLive} />
        ) : (
          <StudentQuestions courseId={course.id} id={id} backToLive={backToLive} />
        )
      }
    </LiveClassFrame>
  );
}

function BackToLive({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-body live-back">
      <Button block fill="outline" shape="rounded" onClick={() => navigate(to)} data-testid="live-back">
        {t('live.class.backToLive')}
      </Button>
    </div>
  );
}

function TeacherQuestions({
  courseId,
  id,
  interactid,
  backToLive,
}: {
  courseId: number;
  id: number;
  interactid: number;
  backToLive: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useInteractEvents(courseId);
  return (
    <div className="live-question">
      {interactid ? (
        <TeacherInteract courseId={courseId} id={interactid} />
      ) : (
        <>
          <p className="small muted live-question-tip">{t('live.class.pickTip')}</p>
          <InteractList
            courseId={courseId}
            courseRole={1}
            open={(iid) => navigate(liveClassPaths.question(courseId, 1, id, iid))}
          />
        </>
      )}
      <BackToLive to={backToLive} />
    </div>
  );
}

function StudentQuestions({ courseId, id, backToLive }: { courseId: number; id: number; backToLive: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useInteractEvents(courseId);
  const pending = usePendingSteps(courseId);
  if (pending.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (pending.isError) return <QueryFailed error={pending.error} onRetry={() => void pending.refetch()} />;
  return (
    <div className="live-question">
      <div className="page-body ia-list" data-testid="live-questions">
        {pending.data.list.length === 0 ? (
          <ErrorBlock status="empty" title={t('live.class.noQuestion')} description={t('live.class.noQuestionText')} />
        ) : (
          pending.data.list.map((s) => (
            <button
              type="button"
              key={s.stepid}
              className="ia-row"
              onClick={() => navigate(liveClassPaths.answerSheet(courseId, 0, id, s.stepid, s.interactid))}
              data-testid="live-question-row"
            >
              <span className="ia-row-main">
                <span className="ia-row-title">{s.title}</span>
              </span>
              <RightOutline className="muted" />
            </button>
          ))
        )}
      </div>
      <BackToLive to={backToLive} />
    </div>
  );
}
