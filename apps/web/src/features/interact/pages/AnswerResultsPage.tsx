import { Button } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { type MyStep, useMyResults } from '../api';
import { InteractPage } from '../components/InteractPage';
import { MyReview } from '../components/MyReview';
import { MyStepOutcome } from '../components/MyStepOutcome';
import { ShownAnswers } from '../components/ShownAnswers';
import { StepStateTag } from '../components/StepStateTag';
import { useCountdown } from '../hooks/useCountdown';
import { useReviewEvents } from '../hooks/useReviewEvents';
import { interactPaths } from '../paths';
import '../interact.css';
import '../review.css';

/**
 * /InteractiveAnswers/answerResults?courseId=&courseRole=0&id=: a student's results of an
 * interactive answer (decision 022, answer review): how many they answered and, of the revealed
 * questions with a key, how many they got right; each question with their answer, the key, the
 * analysis and right or wrong once revealed (the server sends nothing of it before), the teacher's
 * mark and comment, and the answers the teacher showed to the class. Live: reveals, marks and
 * showings reread it.
 */
export default function AnswerResultsPage() {
  const { t } = useTranslation();
  return (
    <InteractPage testId="iar-results-page" title={t('interact.results.title')} need={['id']}>
      {(courseId, { id }) => <Results courseId={courseId} id={id} />}
    </InteractPage>
  );
}

function Results({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const results = useMyResults(id);
  useReviewEvents(courseId);
  if (results.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (results.isError) return <QueryFailed error={results.error} onRetry={() => void results.refetch()} />;
  const r = results.data;
  return (
    <div className="page-body ia-body" data-testid="iar-results" data-id={id}>
      <section className="ia-card iar-summary">
        <h2 className="ia-title" data-testid="iar-results-title">
          {r.title}
        </h2>
        <div className="iar-summary-row">
          <div className="iar-figure">
            <span className="iar-figure-value" data-testid="iar-results-answered">
              {r.answered}/{r.steps.length}
            </span>
            <span className="small muted">{t('interact.results.answered')}</span>
          </div>
          <div className="iar-figure">
            <span className="iar-figure-value is-green" data-testid="iar-results-right">
              {r.judged ? `${r.right}/${r.judged}` : '–'}
            </span>
            <span className="small muted">{r.judged ? t('interact.results.right') : t('interact.results.rightNone')}</span>
          </div>
        </div>
      </section>
      {r.steps.map((step) => (
        <ResultStep
          key={step.stepid}
          courseId={courseId}
          id={id}
          step={step}
          receivedAt={results.dataUpdatedAt}
          onEnd={() => void results.refetch()}
        />
      ))}
    </div>
  );
}

function ResultStep({
  courseId,
  id,
  step,
  receivedAt,
  onEnd,
}: {
  courseId: number;
  id: number;
  step: MyStep;
  receivedAt: number;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const left = useCountdown(step, receivedAt, onEnd);
  return (
    <section className="ia-card" data-testid="iar-result-step" data-stepid={step.stepid} data-sort={step.sort}>
      <div className="ia-step-head">
        <span className="ia-step-no">{t('interact.stepNo', { n: step.sort })}</span>
        <span className="ia-type">{t(`exams.common.type.${step.type}`)}</span>
        <StepStateTag step={step} left={left} />
      </div>
      <div className="ia-stem">
        <RichTextView html={step.stem} testid="ia-stem" />
      </div>
      <MyStepOutcome step={step} />
      {step.state !== 0 && !step.revealed && step.mine !== null ? (
        <p className="small muted iar-note" data-testid="iar-not-revealed">
          {t('interact.results.notRevealed')}
        </p>
      ) : null}
      {step.state === 1 && step.mine === null ? (
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(interactPaths.answer(courseId, step.stepid, id))}
          data-testid="ia-go-answer"
        >
          {t('interact.student.answerNow')}
        </Button>
      ) : null}
      <MyReview step={step} />
      {step.shown.length > 0 ? (
        <div className="iar-shown-block">
          <div className="small muted">{t('interact.results.shown')}</div>
          <ShownAnswers type={step.type} answers={step.shown} />
        </div>
      ) : null}
    </section>
  );
}
