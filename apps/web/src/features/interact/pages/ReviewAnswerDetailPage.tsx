import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { CorrectTag } from '../../exams/components/student/CorrectTag';
import { plainText } from '../../exams/components/teacher/utils';
import { type AnswerDetail, useAnswerDetail } from '../api';
import { answerText } from '../components/answerText';
import { InteractPage } from '../components/InteractPage';
import { MarkControl, MarkTag } from '../components/MarkControl';
import { useReviewEvents } from '../hooks/useReviewEvents';
import '../../exams/components/student/student.css';
import '../interact.css';
import '../review.css';

/**
 * /InteractiveAnswers/reviewAnswerDetail?courseId=&courseRole=1&stepid=&uid=: one student's answer
 * to a step in full, marked and commented here as on /reviewAnswer, and their answers on every step
 * of the item with right or wrong and the marks given (staff; decision 022). Anonymous questions show
 * nothing of theirs; an anonymous step cannot be opened by student at all.
 */
export default function ReviewAnswerDetailPage() {
  const { t } = useTranslation();
  return (
    <InteractPage testId="iar-detail-page" title={t('interact.detail.title')} ability="manageContent" need={['stepid', 'uid']}>
      {(courseId, { stepid, uid }) => <Detail courseId={courseId} stepid={stepid} uid={uid} />}
    </InteractPage>
  );
}

function Detail({ courseId, stepid, uid }: { courseId: number; stepid: number; uid: number }) {
  const { t } = useTranslation();
  const detail = useAnswerDetail(stepid, uid);
  useReviewEvents(courseId);
  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  return (
    <div className="page-body ia-body" data-testid="iar-detail" data-uid={uid}>
      <section className="ia-card iar-person">
        <div className="iar-person-name" data-testid="iar-detail-name">
          {d.username}
        </div>
        {d.stno ? <div className="small muted">{t('interact.detail.stno', { stno: d.stno })}</div> : null}
        <div className="small" data-testid="iar-detail-summary">
          {t('interact.detail.summary', { answered: d.answered, right: d.right })}
        </div>
        <div className="small muted">{d.title}</div>
      </section>
      <section className="ia-card" data-testid="iar-detail-step">
        <h3 className="ia-card-title">
          {t('interact.detail.thisStep')} · {t('interact.stepNo', { n: d.step.sort })}
        </h3>
        <div className="ia-stem">
          <RichTextView html={d.step.stem} testid="iar-detail-stem" />
        </div>
        {d.answer ? (
          <>
            <div className="iar-answer-text" data-testid="iar-detail-answer">
              {answerText(t, d.step.type, d.answer.answer)}
            </div>
            {d.answer.correct >= 0 && d.answer.correct !== 3 ? <CorrectTag t={t} correct={d.answer.correct} /> : null}
            <MarkControl stepid={stepid} answer={d.answer} />
          </>
        ) : (
          <p className="ia-notice" data-testid="iar-detail-none">
            {t('interact.detail.noAnswer')}
          </p>
        )}
      </section>
      <section className="ia-card">
        <h3 className="ia-card-title">{t('interact.detail.allSteps')}</h3>
        <ol className="iar-steps">
          {d.steps.map((s) => (
            <DetailRow key={s.stepid} row={s} current={s.stepid === stepid} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function DetailRow({ row, current }: { row: AnswerDetail['steps'][number]; current: boolean }) {
  const { t } = useTranslation();
  return (
    <li className={`iar-step-row${current ? ' is-current' : ''}`} data-testid="iar-detail-row" data-stepid={row.stepid}>
      <div className="iar-step-line">
        <span className="ia-step-no">{t('interact.stepNo', { n: row.sort })}</span>
        <span className="ia-type">{t(`exams.common.type.${row.type}`)}</span>
        <span className="iar-step-stem">{plainText(row.stem)}</span>
      </div>
      {row.anonymous ? (
        <div className="small muted">{t('interact.detail.anonymous')}</div>
      ) : row.answered ? (
        <div className="iar-step-line">
          <span className="iar-step-answer" data-testid="iar-detail-row-answer">
            {answerText(t, row.type, row.answer)}
          </span>
          {row.correct >= 0 && row.correct !== 3 ? <CorrectTag t={t} correct={row.correct} /> : null}
          <MarkTag mark={row.mark} />
        </div>
      ) : (
        <div className="small muted" data-testid="iar-detail-row-none">
          {row.state === 0 ? t('interact.state.idle') : t('interact.detail.noAnswer')}
        </div>
      )}
      {row.key && row.answered && !row.anonymous ? (
        <div className="small ia-key">{t('interact.key', { key: answerText(t, row.type, row.key) })}</div>
      ) : null}
    </li>
  );
}
