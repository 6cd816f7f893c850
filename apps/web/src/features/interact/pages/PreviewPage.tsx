import { Button } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { AnswerInput } from '../../exams/components/student/QuestionCard';
import { useInteract } from '../api';
import { answerText } from '../components/answerText';
import { asPaperItem } from '../components/asPaperItem';
import { InteractPage } from '../components/InteractPage';
import { StepStateTag } from '../components/StepStateTag';
import { useCountdown } from '../hooks/useCountdown';
import { useInteractEvents } from '../hooks/useInteractEvents';
import { interactPaths } from '../paths';
import '../../exams/components/student/student.css';
import '../interact.css';
import '../review.css';

/**
 * /InteractiveAnswers/preview?courseId=&courseRole=1&id=[&step=]: the teacher's preview of an
 * interactive answer (decision 022, answer review): each step as students will see it on their
 * phones — the question and its answer input, untouchable — with, apart and marked for teachers
 * only, the key and the analysis. One step at a time, paged; a step already asked leads to its
 * classroom screen and its answers.
 */
export default function PreviewPage() {
  const { t } = useTranslation();
  return (
    <InteractPage testId="iar-preview-page" title={t('interact.preview.title')} ability="manageContent" need={['id']}>
      {(courseId, { id }) => <Preview courseId={courseId} id={id} />}
    </InteractPage>
  );
}

function Preview({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const item = useInteract(id);
  useInteractEvents(courseId);
  const steps = item.data?.steps ?? [];
  const index = Math.min(Math.max(0, (Number(params.get('step')) || 1) - 1), Math.max(0, steps.length - 1));
  const step = steps[index];
  const left = useCountdown(step, item.dataUpdatedAt, () => void item.refetch());
  if (item.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (item.isError) return <QueryFailed error={item.error} onRetry={() => void item.refetch()} />;
  if (!step) return <LoadFailed message={t('interact.student.noStep')} />;
  const go = (i: number) => {
    const next = new URLSearchParams(params);
    next.set('step', String(i + 1));
    setParams(next, { replace: true });
  };
  return (
    <div className="page-body ia-body" data-testid="iar-preview" data-id={id}>
      <div className="ia-answer-head">
        <span className="ia-title" data-testid="iar-preview-title">
          {item.data.title}
        </span>
        <span className="small muted" data-testid="iar-preview-pager">
          {t('interact.preview.pager', { n: index + 1, total: steps.length })}
        </span>
      </div>
      <div className="iar-dots" role="tablist">
        {steps.map((s, i) => (
          <button
            type="button"
            role="tab"
            key={s.stepid}
            aria-selected={i === index}
            className={`iar-dot${i === index ? ' is-on' : ''}`}
            onClick={() => go(i)}
            data-testid="iar-preview-dot"
          >
            {i + 1}
          </button>
        ))}
      </div>
      <p className="small muted iar-caption">{t('interact.preview.asStudents')}</p>
      <section className="ia-card iar-phone" data-testid="iar-preview-step" data-stepid={step.stepid} data-sort={step.sort}>
        <div className="ia-step-head">
          <span className="ia-type">{t(`exams.common.type.${step.type}`)}</span>
          <span className="small muted">{t('interact.preview.secondsValue', { count: step.seconds })}</span>
          <StepStateTag step={step} left={left} />
        </div>
        <div className="ia-stem">
          <RichTextView html={step.stem} testid="iar-preview-stem" />
        </div>
        <div className="ia-input">
          <AnswerInput key={step.stepid} item={asPaperItem(step)} value={null} onChange={() => {}} disabled />
        </div>
      </section>
      <section className="ia-card iar-teacher-only" data-testid="iar-preview-key">
        <span className="iar-tag is-teacher">{t('interact.preview.teacherOnly')}</span>
        <p className="small ia-key">
          {step.key ? t('interact.key', { key: answerText(t, step.type, step.key) }) : t('interact.preview.noKey')}
        </p>
        <p className="small muted" data-testid="iar-preview-analysis">
          {step.analysis ? t('interact.analysis', { text: step.analysis }) : t('interact.preview.noAnalysis')}
        </p>
      </section>
      {step.state !== 0 ? (
        <div className="iar-row-buttons">
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => navigate(interactPaths.exhibition(courseId, step.stepid))}
            data-testid="iar-preview-screen"
          >
            {t('interact.screen.entry')}
          </Button>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => navigate(interactPaths.review(courseId, step.stepid))}
            data-testid="iar-preview-review"
          >
            {t('interact.review.entry')}
          </Button>
        </div>
      ) : null}
      <div className="iar-pager">
        <Button shape="rounded" disabled={index === 0} onClick={() => go(index - 1)} data-testid="iar-preview-prev">
          <LeftOutline /> {t('interact.preview.prev')}
        </Button>
        <Button
          shape="rounded"
          color="primary"
          disabled={index >= steps.length - 1}
          onClick={() => go(index + 1)}
          data-testid="iar-preview-next"
        >
          {t('interact.preview.next')} <RightOutline />
        </Button>
      </div>
    </div>
  );
}
