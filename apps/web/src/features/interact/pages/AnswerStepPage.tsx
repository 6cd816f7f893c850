import { INTERACT_CODES } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { ApiError, errorMessage, showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { AnswerInput } from '../../exams/components/student/QuestionCard';
import type { AnswerValue } from '../../exams/hooks/answerJournal';
import { interactApi, interactKeys, type StepView, useInteract, useStepResult } from '../api';
import { asPaperItem } from '../components/asPaperItem';
import { InteractPage } from '../components/InteractPage';
import { MyStepOutcome } from '../components/MyStepOutcome';
import { ResultBars } from '../components/ResultBars';
import { StepStateTag } from '../components/StepStateTag';
import { clockText, useCountdown } from '../hooks/useCountdown';
import { useInteractEvents } from '../hooks/useInteractEvents';
import { interactPaths } from '../paths';
import '../../exams/components/student/student.css';
import '../interact.css';
import { usePendingSteps } from '../hooks/usePendingSteps';

/**
 * /InteractiveAnswers/answer?courseId=&courseRole=0&stepid=[&id=]: a student answers one step live —
 * the question, the seconds left by the server's clock, one submission (the first counts), then
 * "waiting for the teacher"; once the teacher reveals it (`Interact.reveal`), the key, whether they
 * were right and how the class answered. A step closed without their answer says so.
 */
export default function AnswerStepPage() {
  const { t } = useTranslation();
  return (
    <InteractPage testId="ia-answer-page" title={t('interact.answerTitle')} need={['stepid']} optional={['id']}>
      {(courseId, { stepid, id }) => <FindItem courseId={courseId} stepid={stepid} id={id} />}
    </InteractPage>
  );
}

/**
 * Where a live's answer sheet (`/onlineLive/question/answerSheet`, decision 040) differs: the answer
 * stays on the sheet (waiting, then the reveal, on the same page) and the way out leads back to the live.
 */
export interface LiveSheet {
  back: () => void;
  backLabel: string;
}

/** The address may name only the step: its item is found among the steps waiting for this student. */
export function FindItem({ courseId, stepid, id, live }: { courseId: number; stepid: number; id: number; live?: LiveSheet }) {
  const { t } = useTranslation();
  const pending = usePendingSteps(courseId, id === 0);
  useInteractEvents(courseId);
  if (id) return <AnswerStep courseId={courseId} id={id} stepid={stepid} live={live} />;
  if (pending.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (pending.isError) return <QueryFailed error={pending.error} onRetry={() => void pending.refetch()} />;
  const found = pending.data.list.find((s) => s.stepid === stepid);
  if (!found) return <LoadFailed message={t('interact.student.noStep')} />;
  return <AnswerStep courseId={courseId} id={found.interactid} stepid={stepid} live={live} />;
}

function AnswerStep({ courseId, id, stepid, live }: { courseId: number; id: number; stepid: number; live?: LiveSheet }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const item = useInteract(id);
  const step = item.data?.steps.find((s) => s.stepid === stepid);
  const left = useCountdown(step, item.dataUpdatedAt, () => void item.refetch());
  if (item.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (item.isError) return <QueryFailed error={item.error} onRetry={() => void item.refetch()} />;
  if (!step) return <LoadFailed message={t('interact.student.noStep')} />;
  return (
    <div className="page-body ia-body" data-testid="ia-answer" data-stepid={stepid}>
      <div className="ia-answer-head">
        <span className="ia-title">{item.data.title}</span>
        <span className="small muted">{t('interact.stepOf', { n: step.sort, total: item.data.steps.length })}</span>
      </div>
      {step.state === 1 ? (
        <div className="ia-countdown" data-testid="ia-countdown" aria-live="off">
          {clockText(left ?? 0)}
        </div>
      ) : null}
      <section className="ia-card" data-testid="ia-step" data-stepid={step.stepid}>
        <div className="ia-step-head">
          <span className="ia-type">{t(`exams.common.type.${step.type}`)}</span>
          <StepStateTag step={step} left={left} />
        </div>
        <div className="ia-stem">
          <RichTextView html={step.stem} testid="ia-stem" />
        </div>
        {step.state === 1 && step.mine === null ? (
          <AnswerForm step={step} id={id} courseId={courseId} stay={!!live} />
        ) : (
          <>
            {step.mine !== null ? (
              <div className="ia-given">
                <AnswerInput item={asPaperItem(step)} value={step.mine as AnswerValue} onChange={() => {}} disabled />
              </div>
            ) : null}
            <StepWaiting step={step} />
          </>
        )}
      </section>
      {step.revealed ? <RevealedResult stepid={step.stepid} /> : null}
      {live ? (
        <Button block fill="outline" shape="rounded" onClick={live.back} data-testid="ia-back-live">
          {live.backLabel}
        </Button>
      ) : (
        <Button
          block
          fill="outline"
          shape="rounded"
          onClick={() => navigate(interactPaths.detail(courseId, 0, id))}
          data-testid="ia-to-list"
        >
          {t('interact.student.allSteps')}
        </Button>
      )}
    </div>
  );
}

function AnswerForm({ step, id, courseId, stay }: { step: StepView; id: number; courseId: number; stay: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<AnswerValue>(null);
  const [busy, setBusy] = useState(false);
  const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
  const submit = async () => {
    setBusy(true);
    try {
      await interactApi.answer(step.stepid, value);
      Toast.show({ content: t('interact.student.submitted') });
      // the answer is in: the success page waits for the reveal (decision 022, answer review); a
      // live's answer sheet waits on itself, under the live's way back
      if (!stay) navigate(interactPaths.success(courseId, step.stepid, id), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && (e.code === INTERACT_CODES.alreadyAnswered || e.code === INTERACT_CODES.stepNotOpen)) {
        Toast.show({ content: e.message });
        // answered on another device: its answer is the one that counts, shown where answers wait
        if (e.code === INTERACT_CODES.alreadyAnswered && !stay)
          navigate(interactPaths.success(courseId, step.stepid, id), { replace: true });
      } else showApiError(e);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: interactKeys.item(id) });
      void queryClient.invalidateQueries({ queryKey: ['interact', 'pending'] });
    }
  };
  return (
    <>
      <div className="ia-input">
        <AnswerInput item={asPaperItem(step)} value={value} onChange={setValue} disabled={busy} />
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        disabled={empty || busy}
        loading={busy}
        onClick={() => void submit()}
        data-testid="ia-submit-answer"
      >
        {t('interact.student.submit')}
      </Button>
      <p className="small muted">{t('interact.student.once')}</p>
    </>
  );
}

function StepWaiting({ step }: { step: StepView }) {
  const { t } = useTranslation();
  if (step.revealed) return <MyStepOutcome step={step} />;
  if (step.mine !== null)
    return (
      <p className="ia-notice is-waiting" data-testid="ia-waiting">
        {t('interact.student.waiting')}
      </p>
    );
  if (step.state === 2)
    return (
      <p className="ia-notice is-missed" data-testid="ia-missed">
        {t('interact.student.missed')}
      </p>
    );
  return (
    <p className="ia-notice" data-testid="ia-not-started">
      {t('interact.student.notStarted')}
    </p>
  );
}

function RevealedResult({ stepid }: { stepid: number }) {
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
