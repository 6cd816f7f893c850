import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { type MyStep, useMyResults, useStepResult } from '../api';
import { InteractPage } from '../components/InteractPage';
import { MyReview } from '../components/MyReview';
import { MyStepOutcome } from '../components/MyStepOutcome';
import { ResultBars } from '../components/ResultBars';
import { ShownAnswers } from '../components/ShownAnswers';
import { clockText, useCountdown } from '../hooks/useCountdown';
import { useReviewEvents } from '../hooks/useReviewEvents';
import { interactPaths } from '../paths';
import '../interact.css';
import '../review.css';

/**
 * /InteractiveAnswers/success?courseId=&courseRole=0&stepid=[&id=]: a student's answer submitted
 * (decision 022, answer review). "Submitted", their answer, the time the step still takes answers
 * (by the server's clock), "waiting for the teacher"; when the teacher reveals it (`Interact.reveal`)
 * the key, right or wrong and how the class answered; the teacher's mark and comment, and "your
 * answer is on the screen" when the teacher shows it. Leads to all their results of the item.
 */
export default function SuccessPage() {
  const { t } = useTranslation();
  return (
    <InteractPage testId="iar-success-page" title={t('interact.success.title')} need={['stepid']} optional={['id']}>
      {(courseId, { stepid, id }) => <Success courseId={courseId} stepid={stepid} id={id} />}
    </InteractPage>
  );
}

function Success({ courseId, stepid, id }: { courseId: number; stepid: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const results = useMyResults(id, stepid);
  useReviewEvents(courseId);
  const step = results.data?.steps.find((s) => s.stepid === stepid);
  const left = useCountdown(step, results.dataUpdatedAt, () => void results.refetch());
  if (results.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (results.isError) return <QueryFailed error={results.error} onRetry={() => void results.refetch()} />;
  if (!step) return <LoadFailed message={t('interact.student.noStep')} />;
  const item = results.data;
  const answered = step.mine !== null;
  // once the key is out, the big mark says how the answer did: never a green tick over a wrong one (issue 25)
  const outcome = step.revealed && step.mycorrect >= 0 ? step.mycorrect : -1;
  const Mark = outcome === 0 ? CloseCircleFill : outcome === 2 ? ExclamationCircleFill : CheckCircleFill;
  return (
    <div className="page-body ia-body" data-testid="iar-success" data-stepid={stepid}>
      {answered ? (
        <div className="iar-done" data-testid="iar-success-done">
          <Mark
            className={`iar-done-icon${outcome === 0 ? ' is-wrong' : outcome === 2 ? ' is-partial' : ''}`}
            data-testid="iar-done-icon"
            data-outcome={outcome}
          />
          <span className="iar-done-text">{t('interact.success.done')}</span>
          {step.state === 1 ? (
            <span className="small muted" data-testid="iar-success-left">
              {t('interact.success.left', { time: clockText(left ?? 0) })}
            </span>
          ) : null}
        </div>
      ) : null}
      <section className="ia-card" data-testid="ia-step" data-stepid={step.stepid}>
        <div className="ia-step-head">
          <span className="ia-step-no">{t('interact.stepOf', { n: step.sort, total: item.steps.length })}</span>
          <span className="ia-type">{t(`exams.common.type.${step.type}`)}</span>
        </div>
        <div className="small muted">{item.title}</div>
        <div className="ia-stem">
          <RichTextView html={step.stem} testid="ia-stem" />
        </div>
        {answered ? <MyStepOutcome step={step} /> : null}
        <Notice step={step} courseId={courseId} id={item.id} />
        <MyReview step={step} />
      </section>
      {step.revealed ? <ClassResult stepid={stepid} /> : null}
      {step.shown.length > 0 ? (
        <section className="ia-card">
          <h3 className="ia-card-title">{t('interact.results.shown')}</h3>
          <ShownAnswers type={step.type} answers={step.shown} />
        </section>
      ) : null}
      <Button
        block
        color="primary"
        fill="outline"
        shape="rounded"
        onClick={() => navigate(interactPaths.results(courseId, item.id))}
        data-testid="iar-to-results"
      >
        {t('interact.results.entry')}
      </Button>
      <Button
        block
        fill="none"
        shape="rounded"
        onClick={() => navigate(interactPaths.detail(courseId, 0, item.id))}
        data-testid="ia-to-list"
      >
        {t('interact.student.allSteps')}
      </Button>
    </div>
  );
}

/** Waiting for the reveal, missed, or not answered yet (while it still takes answers: go and answer). */
function Notice({ step, courseId, id }: { step: MyStep; courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (step.revealed) return null;
  if (step.mine !== null)
    return (
      <p className="ia-notice is-waiting" data-testid="ia-waiting">
        {t('interact.student.waiting')}
      </p>
    );
  if (step.state === 1)
    return (
      <>
        <p className="ia-notice" data-testid="iar-not-answered">
          {t('interact.success.notAnswered')}
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(interactPaths.answer(courseId, step.stepid, id), { replace: true })}
          data-testid="iar-go-answer"
        >
          {t('interact.success.goAnswer')}
        </Button>
      </>
    );
  return (
    <p className="ia-notice is-missed" data-testid="ia-missed">
      {step.state === 2 ? t('interact.student.missed') : t('interact.student.notStarted')}
    </p>
  );
}

function ClassResult({ stepid }: { stepid: number }) {
  const { t } = useTranslation();
  const result = useStepResult(stepid);
  if (result.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (result.isError) return <p className="small ia-error">{errorMessage(result.error)}</p>;
  return (
    <section className="ia-card">
      <h3 className="ia-card-title">{t('interact.result.title')}</h3>
      <ResultBars result={result.data} />
    </section>
  );
}
