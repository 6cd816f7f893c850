import { PRESENTING_CODES } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RichTextView } from '../../../components/RichTextView';
import { ApiError, errorMessage, showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { classTimeApi, classTimeKeys } from '../../classtime/api';
import { courseKeys } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { interactApi, interactKeys, type StepView, useInteract, useStepResult } from '../api';
import { answerText } from '../components/answerText';
import { InteractList } from '../components/InteractList';
import { ResultBars } from '../components/ResultBars';
import { StepStateTag } from '../components/StepStateTag';
import { useCountdown } from '../hooks/useCountdown';
import { useInteractEvents } from '../hooks/useInteractEvents';
import { interactPaths } from '../paths';
import '../interact.css';

/** the answering times offered when starting a step, in seconds (the step's own is added when not among them) */
const SECONDS_CHOICES = [30, 60, 120, 300];

/**
 * /InteractiveAnswers/detailTeacher?courseId=&courseRole=1[&id=]: the teacher's interactive answers.
 * Without an id, the course's list with "new"; with one, its steps: start one in class for a number of
 * seconds (counted down by the server's clock), close it early, reveal it, and watch the answers arrive
 * as bars (pushed by `Interact.answered`, reread at most once a second).
 */
export default function InteractTeacherPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  return (
    <div className="page ia-page" data-testid="ia-teacher-page">
      <PageNavBar title={t('interact.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => (id ? <TeacherInteract courseId={course.id} id={id} /> : <LiveList courseId={course.id} />)}
      </CourseGate>
    </div>
  );
}

function LiveList({ courseId }: { courseId: number }) {
  useInteractEvents(courseId);
  return <InteractList courseId={courseId} courseRole={1} />;
}

export function TeacherInteract({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const item = useInteract(id);
  useInteractEvents(courseId);
  if (item.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (item.isError) return <QueryFailed error={item.error} onRetry={() => void item.refetch()} />;
  const data = item.data;
  return (
    <div className="page-body ia-body" data-testid="ia-teacher" data-id={id}>
      <h2 className="ia-title" data-testid="ia-title">
        {data.title}
      </h2>
      <p className="small muted">{t('interact.teacherHint')}</p>
      <Button
        size="small"
        fill="outline"
        color="primary"
        className="ia-link"
        onClick={() => navigate(interactPaths.preview(courseId, id))}
        data-testid="ia-preview"
      >
        {t('interact.preview.entry')}
      </Button>
      {data.steps.map((step) => (
        <TeacherStep key={step.stepid} courseId={courseId} id={id} step={step} receivedAt={item.dataUpdatedAt} />
      ))}
    </div>
  );
}

function TeacherStep({ courseId, id, step, receivedAt }: { courseId: number; id: number; step: StepView; receivedAt: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [seconds, setSeconds] = useState(step.seconds);
  const [busy, setBusy] = useState(false);
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: interactKeys.item(id) }),
      queryClient.invalidateQueries({ queryKey: interactKeys.result(step.stepid) }),
      queryClient.invalidateQueries({ queryKey: interactKeys.list(courseId) }),
    ]);
  const left = useCountdown(step, receivedAt, () => void reread());
  const choices = [...new Set([...SECONDS_CHOICES, step.seconds])].sort((a, b) => a - b);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      Toast.show({ content: done });
      await reread();
    } catch (e) {
      if (e instanceof ApiError && e.code === PRESENTING_CODES.notInClass) offerBeginClass(e.message);
      else showApiError(e);
      await reread();
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(() => interactApi.start(step.stepid, seconds), t('interact.started'));

  // a step is started in a class: the server says why not, and the class can begin here
  const offerBeginClass = (message: string) => {
    Dialog.show({
      title: titleWithTestId(t('common.systemPrompt'), 'ia-not-in-class'),
      content: message,
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('common.cancel'), ...testId('ia-not-in-class-cancel') },
          {
            key: 'begin',
            text: t('interact.beginAndStart'),
            bold: true,
            ...testId('ia-begin-class'),
            onClick: async () => {
              try {
                const status = await classTimeApi.begin(courseId);
                queryClient.setQueryData(classTimeKeys.status(courseId), status);
                void queryClient.invalidateQueries({ queryKey: courseKeys.all });
              } catch (e) {
                showApiError(e);
                return;
              }
              await start();
            },
          },
        ],
      ],
    });
  };
  const close = async () => {
    const { result } = confirmDialog({
      content: t('interact.closeConfirm'),
      confirmText: t('interact.close'),
      danger: true,
      testid: 'ia-close',
    });
    if (await result) await run(() => interactApi.close(step.stepid), t('interact.closed'));
  };
  const reveal = async () => {
    if (step.state === 1) {
      const { result } = confirmDialog({ content: t('interact.revealOpenConfirm'), testid: 'ia-reveal' });
      if (!(await result)) return;
    }
    await run(() => interactApi.reveal(step.stepid), t('interact.revealedToast'));
  };

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
      {step.state === 0 && step.options.length > 0 ? (
        <ol className="ia-options">
          {step.options.map((o, i) => (
            <li key={o}>
              {String.fromCharCode(65 + i)}. {o}
            </li>
          ))}
        </ol>
      ) : null}
      {step.key ? (
        <p className="small ia-key" data-testid="ia-key">
          {t('interact.key', { key: answerText(t, step.type, step.key) })}
        </p>
      ) : null}
      {step.state === 0 ? (
        <div className="ia-start">
          <div className="field-label">{t('interact.seconds')}</div>
          <Selector
            className="ia-seconds"
            columns={choices.length > 4 ? 5 : 4}
            value={[seconds]}
            onChange={(v) => {
              if (v[0] !== undefined) setSeconds(v[0]);
            }}
            options={choices.map((s) => ({
              value: s,
              label: <span data-testid={`ia-seconds-${s}`}>{t('interact.secondsValue', { count: s })}</span>,
            }))}
          />
          <Button block color="primary" shape="rounded" loading={busy} onClick={() => void start()} data-testid="ia-start">
            {t('interact.start')}
          </Button>
        </div>
      ) : (
        <>
          <LiveResult stepid={step.stepid} />
          <div className="ia-actions">
            <Button
              size="small"
              fill="outline"
              onClick={() => navigate(interactPaths.exhibition(courseId, step.stepid))}
              data-testid="ia-to-screen"
            >
              {t('interact.screen.entry')}
            </Button>
            <Button
              size="small"
              fill="outline"
              onClick={() => navigate(interactPaths.review(courseId, step.stepid))}
              data-testid="ia-to-review"
            >
              {t('interact.review.entry')}
            </Button>
            {step.state === 1 ? (
              <Button
                size="small"
                color="danger"
                fill="outline"
                loading={busy}
                onClick={() => void close()}
                data-testid="ia-close"
              >
                {t('interact.close')}
              </Button>
            ) : null}
            {step.revealed ? null : (
              <Button size="small" color="primary" loading={busy} onClick={() => void reveal()} data-testid="ia-reveal">
                {t('interact.reveal')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function LiveResult({ stepid }: { stepid: number }) {
  const { t } = useTranslation();
  const result = useStepResult(stepid);
  if (result.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (result.isError) return <p className="small ia-error">{errorMessage(result.error)}</p>;
  return <ResultBars result={result.data} showNames />;
}
