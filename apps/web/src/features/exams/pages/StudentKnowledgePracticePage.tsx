import { PRACTICE_KINDS } from '@paiclass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { RichTextView } from '../../../components/RichTextView';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { type TFunction, useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { mistakesKeys } from '../api.mistakes';
import { type Practice, type PracticeItem, practiceApi, practiceKeys, practicePaths } from '../api.practice';
import { CorrectTag } from '../components/student/CorrectTag';
import { AnswerInput } from '../components/student/QuestionCard';
import { answerText, keyText, normaliseAnswer, typeName } from '../components/student/studentUtils';
import type { AnswerValue } from '../hooks/answerJournal';
import type { StudentItem } from '../types';
import '../components/student/student.css';
import '../components/student/mistakes.css';
import '../components/student/practice.css';

/**
 * /testing/knowledgePractice?courseId=&id=: one practice of the student's (issue 14), one question per
 * screen with its progress N/M; after each answer the server says right or wrong and gives the key and
 * the analysis, then the next question; at the end a summary (right answers, per knowledge point, and
 * for a pass-through level whether it is passed). A practice left half-way resumes at its first
 * unanswered question.
 */
export default function StudentKnowledgePracticePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId ? practicePaths.promote(courseId) : undefined);
  return (
    <div className="page ex-page" data-testid="practice-page">
      <PageNavBar title={t('exams.practice.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? <LoadFailed message={t('exams.practice.notFound')} /> : <PracticeBody courseId={course.id} id={id} />
        }
      </CourseGate>
    </div>
  );
}

/** The question as the answer inputs take it (no score, no saved answer: practice keeps its own). */
const asStudentItem = (i: PracticeItem): StudentItem => ({
  id: i.subjectid,
  subjectid: i.subjectid,
  sort: i.sort,
  type: i.type,
  typeid: i.typeid,
  title: i.title,
  optionList: i.optionList,
  blanks: i.blanks,
  min: 0,
  max: 0,
  score: 0,
  answer: '',
  analysis: '',
  myanswer: null,
  myfiles: [],
  myseq: 0,
});

function optionsText(i: PracticeItem, text: string) {
  if (i.optionList.length === 0 || !text) return text;
  const found = text
    .split('')
    .map((k) => i.optionList.find((o) => o.id === k))
    .filter(Boolean)
    .map((o) => `${o!.id}. ${o!.title}`);
  return found.length ? found.join('；') : text;
}

function PracticeBody({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // the question on the screen: the one just answered (until "next"), else the first unanswered
  const [viewing, setViewing] = useState<number | null>(null);
  const [values, setValues] = useState<Record<number, AnswerValue>>({});
  const query = useQuery({
    queryKey: practiceKeys.one(courseId, id),
    queryFn: () => practiceApi.detail(courseId, id),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: practiceKeys.all(courseId) });
    void client.invalidateQueries({ queryKey: mistakesKeys.weak(courseId) });
  };
  const answer = useMutation({
    mutationFn: (v: { subjectid: number; value: AnswerValue }) => practiceApi.answer(courseId, id, v.subjectid, v.value),
    onSuccess: (r) => {
      // the answer carries the key: write it into the practice at once, then read the practice again
      client.setQueryData<Practice>(practiceKeys.one(courseId, id), (p) =>
        p
          ? {
              ...p,
              status: r.status,
              answered: r.answered,
              correct: r.correctcount,
              lists: p.lists.map((i) =>
                i.subjectid === r.subjectid && !i.answered
                  ? {
                      ...i,
                      answered: 1,
                      correct: r.correct,
                      myanswer: values[r.subjectid] ?? null,
                      answer: r.answer,
                      blanksanswer: r.blanksanswer,
                      analysis: r.analysis,
                    }
                  : i,
              ),
            }
          : p,
      );
      setViewing(r.subjectid);
      refresh();
    },
    onError: (e) => {
      showApiError(e);
      void query.refetch();
    },
  });
  const finish = useMutation({
    mutationFn: () => practiceApi.finish(courseId, id),
    onSuccess: (p) => {
      client.setQueryData(practiceKeys.one(courseId, id), p);
      setViewing(null);
      refresh();
    },
    onError: (e) => showApiError(e),
  });
  if (query.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const p = query.data;
  const current =
    (viewing !== null ? p.lists.find((i) => i.subjectid === viewing) : undefined) ??
    (p.status === 0 ? p.lists.find((i) => !i.answered) : undefined);
  if (!current) return <Summary courseId={courseId} p={p} t={t} />;
  const index = p.lists.indexOf(current);
  const value = current.answered ? normaliseAnswer(current.typeid, current.myanswer) : (values[current.subjectid] ?? null);
  const empty = value === null || (Array.isArray(value) && value.every((v) => String(v).trim() === ''));
  const isLast = p.lists.every((i) => i.answered || i.subjectid === current.subjectid);
  return (
    <div className="page-body ex-body" data-testid="practice" data-id={p.id}>
      <div className="pr-progress">
        <span data-testid="practice-progress">{t('exams.practice.progress', { n: index + 1, total: p.total })}</span>
        <div className="ex-bar" aria-hidden="true">
          <span style={{ width: `${Math.round((p.answered * 100) / p.total)}%`, background: 'var(--brand)' }} />
        </div>
        <span className="ex-meta" style={{ margin: 0 }} data-testid="practice-right">
          {t('exams.practice.rightSoFar', { count: p.correct })}
        </span>
      </div>
      <section
        className="ex-question"
        data-testid="practice-question"
        data-subjectid={current.subjectid}
        data-type={current.typeid}
      >
        <div className="ex-q-head">
          <span className="ex-q-no">{index + 1}.</span>
          <span className="ex-tag is-blue">{typeName(t, current.typeid)}</span>
          {current.points.map((point) => (
            <span key={point} className="ex-tag">
              {point}
            </span>
          ))}
        </div>
        <div className="ex-q-stem">
          <RichTextView html={current.title} testid="question-stem" />
        </div>
        <AnswerInput
          item={asStudentItem(current)}
          value={value ?? undefined}
          onChange={(v) => setValues((all) => ({ ...all, [current.subjectid]: v }))}
          disabled={Boolean(current.answered) || answer.isPending}
        />
      </section>
      {current.answered ? <Outcome item={current} t={t} /> : null}
      <div className="ex-actions">
        {current.answered ? (
          <Button
            color="primary"
            block
            onClick={() => {
              setViewing(null);
              if (isLast) void query.refetch();
            }}
            data-testid={isLast ? 'practice-summary-link' : 'practice-next'}
          >
            {isLast ? t('exams.practice.toSummary') : t('exams.practice.next')}
          </Button>
        ) : (
          <Button
            color="primary"
            block
            disabled={empty}
            loading={answer.isPending}
            onClick={() => answer.mutate({ subjectid: current.subjectid, value })}
            data-testid="practice-submit"
          >
            {t('exams.practice.check')}
          </Button>
        )}
        {p.status === 0 && !current.answered ? (
          <Button
            block
            fill="none"
            style={{ marginTop: 8 }}
            loading={finish.isPending}
            onClick={async () => {
              const ok = await confirmDialog({
                content: t('exams.practice.finishConfirm', { count: p.total - p.answered }),
                confirmText: t('exams.practice.finish'),
                testid: 'practice-finish',
              }).result;
              if (ok) finish.mutate();
            }}
            data-testid="practice-finish"
          >
            {t('exams.practice.finish')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Outcome({ item, t }: { item: PracticeItem; t: TFunction }) {
  const key = keyText(t, item.typeid, item.answer);
  const mine = answerText(t, item.typeid, normaliseAnswer(item.typeid, item.myanswer));
  return (
    <section className="ex-question" data-testid="practice-result" data-correct={item.correct}>
      <p
        className={`ex-note ${item.correct === 1 ? 'is-success' : 'is-danger'}`}
        style={{ marginTop: 0 }}
        data-testid="practice-verdict"
      >
        {item.correct === 1 ? <CheckCircleOutline /> : <CloseCircleOutline />}
        <span>
          {item.correct === 1
            ? t('exams.practice.right')
            : item.correct === 2
              ? t('exams.practice.partly')
              : t('exams.practice.wrong')}
        </span>
      </p>
      {mine ? (
        <div className="ex-answer-line">
          <span>{t('exams.practice.yourAnswer')}</span>
          <span>{optionsText(item, mine)}</span>
        </div>
      ) : null}
      {key ? (
        <div className="ex-answer-line" data-testid="practice-key">
          <span>{t('exams.student.keyLabel')}</span>
          <span>{optionsText(item, key)}</span>
        </div>
      ) : null}
      {item.blanksanswer.length > 0 ? (
        <div className="ex-answer-line" data-testid="practice-blanks">
          <span>{t('exams.student.keyLabel')}</span>
          <span>{item.blanksanswer.map((b) => b.join(' / ')).join(t('exams.student.listSep'))}</span>
        </div>
      ) : null}
      {item.analysis ? (
        <div className="ex-analysis" data-testid="practice-analysis">
          <RichTextView html={item.analysis} testid="analysis-body" />
        </div>
      ) : null}
    </section>
  );
}

function Summary({ courseId, p, t }: { courseId: number; p: Practice; t: TFunction }) {
  const navigate = useNavigate();
  const again = useMutation({
    mutationFn: () =>
      p.kind === PRACTICE_KINDS.passThrough ? practiceApi.startLevel(courseId, p.level) : practiceApi.start(courseId, p.points),
    onSuccess: (next) => navigate(practicePaths.practice(courseId, next.id), { replace: true }),
    onError: (e) => showApiError(e),
  });
  const level = p.kind === PRACTICE_KINDS.passThrough;
  const rate = Math.round((p.correct * 100) / p.total);
  return (
    <div className="page-body ex-body" data-testid="practice-summary" data-id={p.id}>
      <section className="ex-card">
        <h2 className="ex-title">
          {level ? t('exams.practice.levelName', { level: p.level, point: p.points[0] }) : p.points.join('、')}
        </h2>
        <p className="pr-summary-score" data-testid="practice-score">
          {t('exams.practice.score', { correct: p.correct, total: p.total })}
        </p>
        <p className="ex-meta" data-testid="practice-rate">
          <span>{t('exams.mistakes.rate', { rate })}</span>
          {p.answered < p.total ? <span>{t('exams.practice.unanswered', { count: p.total - p.answered })}</span> : null}
        </p>
        {level ? (
          <p className={`ex-note ${p.passed ? 'is-success' : 'is-danger'}`} data-testid="practice-passed" data-passed={p.passed}>
            {p.passed ? t('exams.practice.passed') : t('exams.practice.notPassed', { rate: p.passrate })}
          </p>
        ) : null}
        <ul className="pr-summary-points" data-testid="practice-points">
          {p.perpoint.map((row) => (
            <li key={row.point} data-testid="practice-point" data-point={row.point}>
              <span>{row.point}</span>
              <span>{t('exams.mistakes.answers', { correct: row.correct, count: row.total })}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="ex-card">
        <h2 className="pr-section-title">{t('exams.practice.review')}</h2>
        <ol className="pr-review">
          {p.lists.map((i, n) => (
            <li key={i.subjectid} data-testid="practice-review-row" data-correct={i.correct}>
              <span>{n + 1}.</span>
              <div className="pr-review-stem ex-clamp">
                <RichTextView html={i.title} testid="review-stem" />
              </div>
              {i.answered ? (
                <CorrectTag t={t} correct={i.correct} />
              ) : (
                <span className="ex-tag">{t('exams.practice.skipped')}</span>
              )}
            </li>
          ))}
        </ol>
      </section>
      <div className="ex-actions">
        <Button color="primary" block loading={again.isPending} onClick={() => again.mutate()} data-testid="practice-again">
          {t('exams.practice.practiseAgain')}
        </Button>
        <Button
          block
          style={{ marginTop: 8 }}
          onClick={() => navigate(practicePaths.promote(courseId, level ? 'levels' : undefined), { replace: true })}
          data-testid="practice-back"
        >
          {level ? t('exams.practice.backToLevels') : t('exams.practice.backToPromote')}
        </Button>
      </div>
    </div>
  );
}
