import { INTERACT_EXHIBIT, INTERACT_EXHIBIT_MAX } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, ErrorBlock, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { CorrectTag } from '../../exams/components/student/CorrectTag';
import { interactApi, interactKeys, type ReviewAnswers, type ReviewedAnswer, useReviewAnswers } from '../api';
import { answerText } from '../components/answerText';
import { InteractPage } from '../components/InteractPage';
import { MarkControl } from '../components/MarkControl';
import { StepStateTag } from '../components/StepStateTag';
import { useCountdown } from '../hooks/useCountdown';
import { useReviewEvents } from '../hooks/useReviewEvents';
import { interactPaths } from '../paths';
import '../../exams/components/student/student.css';
import '../interact.css';
import '../review.css';

/**
 * /reviewAnswer?courseId=&courseRole=1&stepid=: every answer of one step, for the teacher and
 * assistants (decision 022, answer review). Each answer can be marked (excellent, good, needs work)
 * and commented for its author; some are picked and shown to the class — on the classroom screen
 * and on the students' phones — with or without names. An anonymous question's answers are numbered,
 * never named, and cannot be shown with names. New answers appear as they arrive.
 */
export default function ReviewAnswerPage() {
  const { t } = useTranslation();
  return (
    <InteractPage testId="iar-review-page" title={t('interact.review.title')} ability="manageContent" need={['stepid']}>
      {(courseId, { stepid }) => <Review courseId={courseId} stepid={stepid} />}
    </InteractPage>
  );
}

function Review({ courseId, stepid }: { courseId: number; stepid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const review = useReviewAnswers(stepid);
  useReviewEvents(courseId);
  const left = useCountdown(review.data?.step, review.dataUpdatedAt, () => void review.refetch());
  if (review.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (review.isError) return <QueryFailed error={review.error} onRetry={() => void review.refetch()} />;
  const data = review.data;
  const step = data.step;
  return (
    <div className="page-body ia-body iar-body" data-testid="iar-review" data-stepid={stepid}>
      <section className="ia-card" data-testid="iar-step">
        <div className="ia-step-head">
          <span className="ia-step-no">{t('interact.stepOf', { n: step.sort, total: data.total })}</span>
          <span className="ia-type">{t(`exams.common.type.${step.type}`)}</span>
          <StepStateTag step={step} left={left} />
        </div>
        <div className="small muted">{data.title}</div>
        <div className="ia-stem">
          <RichTextView html={step.stem} testid="iar-stem" />
        </div>
        {step.options.length > 0 ? (
          <ol className="ia-options">
            {step.options.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed once asked
              <li key={i}>
                {String.fromCharCode(65 + i)}. {o}
              </li>
            ))}
          </ol>
        ) : null}
        {step.key ? (
          <p className="small ia-key" data-testid="iar-key">
            {t('interact.key', { key: answerText(t, step.type, step.key) })}
          </p>
        ) : null}
        <div className="iar-stats small">
          <span data-testid="iar-answered">
            {t('interact.result.answered', { answered: data.answers.length, members: data.members })}
          </span>
          {step.state !== 0 ? (
            <Button
              size="mini"
              color="primary"
              fill="outline"
              onClick={() => navigate(interactPaths.exhibition(courseId, stepid))}
              data-testid="iar-to-screen"
            >
              {t('interact.review.toScreen')}
            </Button>
          ) : null}
        </div>
        <p className="small muted iar-hint">{data.anonymous ? t('interact.review.anonymousHint') : t('interact.review.hint')}</p>
      </section>
      {step.state === 0 ? (
        <ErrorBlock
          status="empty"
          title={t('interact.review.empty')}
          description={t('interact.review.notStarted')}
          data-testid="iar-not-started"
        />
      ) : data.answers.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t('interact.review.empty')}
          description={t('interact.review.emptyHint')}
          data-testid="iar-empty"
        />
      ) : (
        <Answers courseId={courseId} data={data} />
      )}
    </div>
  );
}

function Answers({ courseId, data }: { courseId: number; data: ReviewAnswers }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stepid = data.step.stepid;
  const shownNow = data.answers.filter((a) => a.exhibit > 0).map((a) => a.answerid);
  const [picked, setPicked] = useState<number[]>(shownNow);
  const [named, setNamed] = useState(data.answers.some((a) => a.exhibit === INTERACT_EXHIBIT.named));
  const [busy, setBusy] = useState(false);
  // what is shown changed elsewhere (another device, the assistant): the choice follows it
  const shownKey = shownNow.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows what the server shows
  useEffect(() => setPicked(shownNow), [shownKey]);
  const toggle = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : p.length >= INTERACT_EXHIBIT_MAX ? p : [...p, id]));
  const exhibit = async (ids: number[]) => {
    setBusy(true);
    try {
      const next = await interactApi.exhibit(stepid, ids, named && !data.anonymous);
      queryClient.setQueryData(interactKeys.review(stepid), next);
      Toast.show({ content: ids.length ? t('interact.review.exhibited') : t('interact.review.cleared') });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="small muted" data-testid="iar-count">
        {t('interact.review.count', { count: data.answers.length })}
      </div>
      <ul className="iar-list">
        {data.answers.map((a, i) => (
          <AnswerCard
            key={a.answerid}
            courseId={courseId}
            stepid={stepid}
            type={data.step.type}
            answer={a}
            no={i + 1}
            picked={picked.includes(a.answerid)}
            onPick={() => toggle(a.answerid)}
          />
        ))}
      </ul>
      <div className="iar-bar" data-testid="iar-bar">
        <Checkbox
          checked={named && !data.anonymous}
          disabled={Boolean(data.anonymous)}
          onChange={setNamed}
          data-testid="iar-named"
        >
          <span className="small">{t('interact.review.named')}</span>
        </Checkbox>
        <div className="iar-bar-actions">
          {shownNow.length > 0 ? (
            <Button size="small" disabled={busy} onClick={() => void exhibit([])} data-testid="iar-clear">
              {t('interact.review.clear')}
            </Button>
          ) : null}
          <Button
            size="small"
            color="primary"
            loading={busy}
            disabled={picked.length === 0}
            onClick={() => void exhibit(picked)}
            data-testid="iar-exhibit"
          >
            {t('interact.review.exhibit', { count: picked.length })}
          </Button>
        </div>
      </div>
    </>
  );
}

function AnswerCard({
  courseId,
  stepid,
  type,
  answer,
  no,
  picked,
  onPick,
}: {
  courseId: number;
  stepid: number;
  type: number;
  answer: ReviewedAnswer;
  no: number;
  picked: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const anonymous = answer.uid === 0;
  return (
    <li className="ia-card iar-answer" data-testid="iar-answer" data-answerid={answer.answerid} data-uid={answer.uid}>
      <div className="iar-answer-head">
        <Checkbox checked={picked} onChange={onPick} data-testid="iar-pick">
          <span className="iar-who" data-testid="iar-who">
            {anonymous ? t('interact.review.anonymousNo', { n: no }) : answer.username}
          </span>
        </Checkbox>
        {answer.stno ? <span className="small muted">{answer.stno}</span> : null}
        {answer.exhibit > 0 ? (
          <span className="iar-tag is-shown" data-testid="iar-shown-tag">
            {t('interact.review.shownTag')}
          </span>
        ) : null}
        {answer.correct >= 0 && answer.correct !== 3 ? (
          <span className="iar-correct">
            <CorrectTag t={t} correct={answer.correct} />
          </span>
        ) : null}
        {anonymous ? null : (
          <button
            type="button"
            className="iar-link"
            onClick={() => navigate(interactPaths.reviewDetail(courseId, stepid, answer.uid))}
            data-testid="iar-detail"
          >
            {t('interact.review.detail')}
          </button>
        )}
      </div>
      <div className="iar-answer-text" data-testid="iar-answer-text">
        {answerText(t, type, answer.answer)}
      </div>
      <MarkControl stepid={stepid} answer={answer} />
    </li>
  );
}
