import { QUESTION_TYPES } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { errorMessage, showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { type Exhibition, interactApi, interactKeys, useExhibition, useStepResult } from '../api';
import { answerText } from '../components/answerText';
import { InteractPage } from '../components/InteractPage';
import { ResultBars } from '../components/ResultBars';
import { ShownAnswers } from '../components/ShownAnswers';
import { clockText, useCountdown } from '../hooks/useCountdown';
import { useReviewEvents } from '../hooks/useReviewEvents';
import { interactPaths } from '../paths';
import '../interact.css';
import '../review.css';

/**
 * /InteractiveAnswers/questionExhibition?courseId=&courseRole=1&stepid=: one step large, for the
 * classroom projector (decision 022, answer review). The question and its choices, the countdown by
 * the server's clock, how many answered (live); the key and the class's bars only once revealed —
 * the screen is the class's, so the teacher's key stays off it until then; and the answers the
 * teacher picked on /reviewAnswer, as they are picked (`Interact.exhibit`).
 */
export default function QuestionExhibitionPage() {
  const { t } = useTranslation();
  return (
    <InteractPage
      testId="iar-screen-page"
      className="iar-screen-page"
      title={t('interact.screen.title')}
      ability="manageContent"
      need={['stepid']}
    >
      {(courseId, { stepid }) => <Screen courseId={courseId} stepid={stepid} />}
    </InteractPage>
  );
}

function Screen({ courseId, stepid }: { courseId: number; stepid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screen = useExhibition(stepid);
  useReviewEvents(courseId);
  const step = screen.data?.step;
  // the answered count comes with the staff's result, reread as answers arrive (at most once a second)
  const result = useStepResult(stepid, Boolean(step && step.state !== 0));
  const left = useCountdown(step, screen.dataUpdatedAt, () => void screen.refetch());
  if (screen.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (screen.isError) return <QueryFailed error={screen.error} onRetry={() => void screen.refetch()} />;
  const data = screen.data;
  const s = data.step;
  const answered = result.data?.answered ?? data.answered;
  const members = result.data?.members ?? data.members;
  return (
    <div className="page-body iar-screen" data-testid="iar-screen" data-stepid={stepid} data-revealed={s.revealed}>
      <header className="iar-screen-head">
        <span className="iar-screen-title">{data.title}</span>
        <span className="iar-screen-no">{t('interact.stepOf', { n: s.sort, total: data.total })}</span>
      </header>
      <div className="iar-screen-status">
        {s.state === 1 ? (
          <span className="iar-screen-clock" data-testid="iar-screen-clock">
            {t('interact.screen.left', { time: clockText(left ?? 0) })}
          </span>
        ) : (
          <span className="iar-screen-state" data-testid="iar-screen-state">
            {s.state === 0
              ? t('interact.screen.notStarted')
              : s.revealed
                ? t('interact.state.revealed')
                : t('interact.screen.waitingReveal')}
          </span>
        )}
        {s.state !== 0 ? (
          <span className="iar-screen-count" data-testid="iar-screen-answered">
            {t('interact.screen.answered', { answered, members })}
          </span>
        ) : null}
      </div>
      <section className="iar-screen-card">
        <span className="ia-type">{t(`exams.common.type.${s.type}`)}</span>
        <div className="iar-screen-stem">
          <RichTextView html={s.stem} testid="iar-screen-stem" />
        </div>
        {s.options.length > 0 ? (
          <ol className="iar-screen-options">
            {s.options.map((o, i) => {
              const letter = String.fromCharCode(65 + i);
              const isKey = s.revealed === 1 && s.key.split('|').includes(letter);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed once asked
                <li key={i} className={isKey ? 'is-key' : undefined} data-testid={`iar-screen-option-${letter}`}>
                  <span className="iar-screen-letter">{letter}</span>
                  <span>{o}</span>
                </li>
              );
            })}
          </ol>
        ) : null}
        {s.type === QUESTION_TYPES.trueFalse ? (
          <ol className="iar-screen-options">
            {['1', '0'].map((v) => (
              <li key={v} className={s.revealed === 1 && s.key === v ? 'is-key' : undefined}>
                <span>{answerText(t, s.type, v)}</span>
              </li>
            ))}
          </ol>
        ) : null}
        {s.revealed && s.key ? (
          <p className="iar-screen-key" data-testid="iar-screen-key">
            {t('interact.key', { key: answerText(t, s.type, s.key) })}
          </p>
        ) : null}
      </section>
      {s.revealed && result.data ? (
        <section className="iar-screen-card" data-testid="iar-screen-result">
          <h3 className="ia-card-title">{t('interact.result.title')}</h3>
          <ResultBars result={result.data} />
        </section>
      ) : null}
      {s.revealed === 0 && result.isError ? <p className="small ia-error">{errorMessage(result.error)}</p> : null}
      {data.shown.length ? (
        <section className="iar-screen-card">
          <h3 className="ia-card-title">{t('interact.screen.shownTitle')}</h3>
          <ShownAnswers type={s.type} answers={data.shown} big />
        </section>
      ) : null}
      <Controls data={data} onReview={() => navigate(interactPaths.review(courseId, stepid))} />
      {data.shown.length === 0 && s.state !== 0 ? (
        <p className="small iar-screen-hint" data-testid="iar-screen-none">
          {t('interact.screen.noShown')}
        </p>
      ) : null}
    </div>
  );
}

/** The teacher's buttons under the screen: reveal (confirmed while answers are still taken), review. */
function Controls({ data, onReview }: { data: Exhibition; onReview: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const s = data.step;
  const reveal = async () => {
    if (s.state === 1) {
      const { result } = confirmDialog({ content: t('interact.revealOpenConfirm'), testid: 'iar-screen-reveal' });
      if (!(await result)) return;
    }
    setBusy(true);
    try {
      await interactApi.reveal(s.stepid);
      Toast.show({ content: t('interact.revealedToast') });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: interactKeys.all });
    }
  };
  if (s.state === 0) return null;
  return (
    <div className="iar-row-buttons">
      {s.revealed ? null : (
        <Button color="primary" loading={busy} onClick={() => void reveal()} data-testid="iar-screen-reveal">
          {t('interact.screen.reveal')}
        </Button>
      )}
      <Button fill="outline" color="primary" onClick={onReview} data-testid="iar-screen-review">
        {t('interact.screen.review')}
      </Button>
    </div>
  );
}
