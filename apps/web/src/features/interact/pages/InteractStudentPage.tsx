import { Button } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RichTextView } from '../../../components/RichTextView';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { type StepView, useInteract } from '../api';
import { InteractList } from '../components/InteractList';
import { MyStepOutcome } from '../components/MyStepOutcome';
import { StepStateTag } from '../components/StepStateTag';
import { useCountdown } from '../hooks/useCountdown';
import { useInteractEvents } from '../hooks/useInteractEvents';
import { interactPaths } from '../paths';
import '../interact.css';

/**
 * /InteractiveAnswers/detail?courseId=&courseRole=0[&id=]: a student's interactive answers. Without an
 * id, the course's list with how many steps they answered; with one, its steps with their own answers,
 * the key and right or wrong once revealed, and "answer" on a step taking answers.
 */
export default function InteractStudentPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  return (
    <div className="page ia-page" data-testid="ia-student-page">
      <PageNavBar title={t('interact.title')} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => (id ? <StudentInteract courseId={course.id} id={id} /> : <LiveList courseId={course.id} />)}
      </CourseGate>
    </div>
  );
}

function LiveList({ courseId }: { courseId: number }) {
  useInteractEvents(courseId);
  return <InteractList courseId={courseId} courseRole={0} />;
}

function StudentInteract({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const item = useInteract(id);
  useInteractEvents(courseId);
  if (item.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (item.isError) return <QueryFailed error={item.error} onRetry={() => void item.refetch()} />;
  return (
    <div className="page-body ia-body" data-testid="ia-student" data-id={id}>
      <h2 className="ia-title" data-testid="ia-title">
        {item.data.title}
      </h2>
      <Button
        size="small"
        fill="outline"
        color="primary"
        className="ia-link"
        onClick={() => navigate(interactPaths.results(courseId, id))}
        data-testid="ia-to-results"
      >
        {t('interact.results.entry')}
      </Button>
      {item.data.steps.map((step) => (
        <StudentStep
          key={step.stepid}
          courseId={courseId}
          id={id}
          step={step}
          receivedAt={item.dataUpdatedAt}
          onEnd={() => void item.refetch()}
        />
      ))}
    </div>
  );
}

function StudentStep({
  courseId,
  id,
  step,
  receivedAt,
  onEnd,
}: {
  courseId: number;
  id: number;
  step: StepView;
  receivedAt: number;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const left = useCountdown(step, receivedAt, onEnd);
  const open = step.state === 1 && step.mine === null;
  return (
    <section className="ia-card" data-testid="ia-step" data-stepid={step.stepid} data-sort={step.sort}>
      <div className="ia-step-head">
        <span className="ia-step-no">{t('interact.stepNo', { n: step.sort })}</span>
        <span className="ia-type">{t(`exams.common.type.${step.type}`)}</span>
        <StepStateTag step={step} left={left} />
      </div>
      <div className="ia-stem">
        <RichTextView html={step.stem} testid="ia-stem" />
      </div>
      {open ? (
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(interactPaths.answer(courseId, step.stepid, id))}
          data-testid="ia-go-answer"
        >
          {t('interact.student.answerNow')}
        </Button>
      ) : (
        <MyStepOutcome step={step} />
      )}
      {!open && step.state !== 0 ? (
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() => navigate(interactPaths.answer(courseId, step.stepid, id))}
          data-testid="ia-open-step"
        >
          {t('interact.student.openStep')}
        </Button>
      ) : null}
    </section>
  );
}
