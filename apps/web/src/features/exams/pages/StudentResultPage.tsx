import { QUESTION_TYPES, TEST_RETURNED_CMD, TEST_SCORES_CMD, TEST_STATES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RichTextView } from '../../../components/RichTextView';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useLiveRefetch } from '../../../lib/socket';
import { type TFunction, useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { studentExamApi, studentExamKeys, studentExamPaths } from '../api.student';
import { answerText, keyText, normaliseAnswer, scoreText, typeName } from '../components/student/studentUtils';
import type { ResultItem, TestResult } from '../types';
import '../components/student/student.css';

export type ResultKind = 'result' | 'submit' | 'release';

/**
 * /testing/testingresult, /testing/submitresult (just handed in) and /testing/releaseresult (the
 * released score) ?courseId=&testpaperid=&attemptid=: a handed-in paper as the test's settings let
 * its student see it — the score once released, and per question right or wrong, the key and the
 * analysis only when the server sends them (decision 017: it decides, this page shows what it gets).
 */
export default function StudentResultPage({ kind = 'result' }: { kind?: ResultKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('testpaperid') ?? params.get('id'));
  const attemptId = parseItemId(params.get('attemptid')) ?? 0;
  const back = () => courseId && id && navigate(studentExamPaths.details(courseId, id), { replace: true });
  const title =
    kind === 'submit'
      ? t('exams.student.submitTitle')
      : kind === 'release'
        ? t('exams.student.releaseTitle')
        : t('exams.student.resultTitle');
  return (
    <div className="page ex-page" data-testid={`${kind}-page`}>
      <PageNavBar title={title} onBack={back} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? (
            <LoadFailed message={t('exams.student.notFound')} />
          ) : (
            <ResultBody courseId={course.id} id={id} attemptId={attemptId} kind={kind} />
          )
        }
      </CourseGate>
    </div>
  );
}

function ResultBody({ courseId, id, attemptId, kind }: { courseId: number; id: number; attemptId: number; kind: ResultKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: studentExamKeys.result(courseId, id, attemptId),
    queryFn: () => studentExamApi.result(courseId, id, attemptId || undefined),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  // scores published or the paper returned show without a reload (issue 25)
  const live = useLiveRefetch(
    courseId,
    [TEST_SCORES_CMD, TEST_RETURNED_CMD],
    () => void query.refetch(),
    (d: { testpaperid?: number } | null) => Number(d?.testpaperid) === id,
  );
  if (query.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const r: TestResult = query.data;
  const questions = r.lists.filter((i) => i.typeid !== QUESTION_TYPES.note);
  const answered = questions.filter(
    (i) => answerText(t, i.typeid, normaliseAnswer(i.typeid, i.myanswer)) !== '' || i.myfiles.length > 0,
  ).length;
  let n = 0;
  return (
    <div className="page-body ex-body" data-testid="result" data-live={live ? 'on' : undefined}>
      <section className="ex-card" data-testid="result-summary">
        {kind === 'submit' ? (
          <p className="ex-note" style={{ marginTop: 0, marginBottom: 10 }} data-testid="submit-done">
            <CheckCircleOutline />
            <span>{t('exams.student.submitDone', { done: answered, all: questions.length })}</span>
          </p>
        ) : null}
        {r.score !== null ? (
          <p className="ex-score" data-testid="result-score">
            {scoreText(r.score)} <small>/ {scoreText(r.totalScore)}</small>
          </p>
        ) : (
          <p className="ex-title" data-testid="result-no-score">
            {r.state === TEST_STATES.pendingCorrection ? t('exams.student.pendingScore') : t('exams.student.scoreNotReleased')}
          </p>
        )}
        <dl className="ex-facts" style={{ marginTop: 10 }}>
          <dt>{t('exams.student.attemptLabel')}</dt>
          <dd>{t('exams.student.attemptNo', { n: r.attemptno })}</dd>
          <dt>{t('exams.student.submittedLabel')}</dt>
          <dd data-testid="result-submitted">
            {formatTime(r.submittedat)} · {t(`exams.student.submitKind.${r.submitkind}`)}
          </dd>
          <dt>{t('exams.student.answeredLabel')}</dt>
          <dd data-testid="result-answered">{t('exams.student.answeredCount', { done: answered, all: questions.length })}</dd>
        </dl>
        {r.showanswers ? null : (
          <p className="ex-note" data-testid="answers-hidden">
            <ExclamationCircleOutline />
            <span>{t('exams.student.answersHidden')}</span>
          </p>
        )}
        <div className="ex-actions">
          <Button
            block
            onClick={() => navigate(studentExamPaths.details(courseId, id), { replace: true })}
            data-testid="result-back"
          >
            {t('exams.student.backToTest')}
          </Button>
        </div>
      </section>
      {r.lists.map((item) =>
        item.typeid === QUESTION_TYPES.note ? (
          <section key={item.subjectid} className="ex-question is-note">
            <RichTextView html={item.title} testid="note-body" />
          </section>
        ) : (
          <ResultQuestion key={item.subjectid} item={item} number={++n} t={t} />
        ),
      )}
    </div>
  );
}

function correctTag(t: TFunction, correct: number) {
  if (correct === 1) return <span className="ex-tag is-green">{t('exams.student.correct.1')}</span>;
  if (correct === 0) return <span className="ex-tag is-red">{t('exams.student.correct.0')}</span>;
  if (correct === 2) return <span className="ex-tag is-orange">{t('exams.student.correct.2')}</span>;
  if (correct === 3) return <span className="ex-tag is-blue">{t('exams.student.correct.3')}</span>;
  return null;
}

function ResultQuestion({ item, number, t }: { item: ResultItem; number: number; t: TFunction }) {
  const mine = answerText(t, item.typeid, normaliseAnswer(item.typeid, item.myanswer));
  const key = keyText(t, item.typeid, item.answer);
  const optionText = (keys: string) =>
    item.optionList.length > 0 && keys
      ? keys
          .split('')
          .map((k) => item.optionList.find((o) => o.id === k))
          .filter(Boolean)
          .map((o) => `${o!.id}. ${o!.title}`)
          .join(t('exams.student.listSep'))
      : '';
  return (
    <section className="ex-question" data-testid="result-question" data-subjectid={item.subjectid} data-correct={item.correct}>
      <div className="ex-q-head">
        <span className="ex-q-no">{number}.</span>
        <span className="ex-tag is-blue">{typeName(t, item.typeid)}</span>
        <span>{t('exams.student.points', { score: scoreText(item.score) })}</span>
        <span data-testid="result-correct">{correctTag(t, item.correct)}</span>
        {item.late ? <span className="ex-tag is-orange">{t('exams.student.late')}</span> : null}
      </div>
      <div className="ex-q-stem">
        <RichTextView html={item.title} testid="question-stem" />
      </div>
      <div className="ex-answer-line" data-testid="result-mine">
        <span>{t('exams.student.myAnswer')}</span>
        {item.myfiles.length > 0 ? (
          item.myfiles.map((f) => (
            <a key={f.id} href={f.url} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
              {f.name}
            </a>
          ))
        ) : (
          <span>{mine ? optionText(mine) || mine : t('exams.student.noAnswer')}</span>
        )}
      </div>
      {key ? (
        <div className="ex-answer-line" data-testid="result-key">
          <span>{t('exams.student.keyLabel')}</span>
          <span>{optionText(key) || key}</span>
        </div>
      ) : null}
      {item.blanksanswer.length > 0 ? (
        <div className="ex-answer-line" data-testid="result-blanks">
          <span>{t('exams.student.keyLabel')}</span>
          <span>{item.blanksanswer.map((b) => b.join(' / ')).join(t('exams.student.listSep'))}</span>
        </div>
      ) : null}
      {item.myscore !== null ? (
        <div className="ex-answer-line" data-testid="result-myscore">
          <span>{t('exams.student.myScore')}</span>
          <span>{scoreText(item.myscore)}</span>
        </div>
      ) : null}
      {item.analysis ? (
        <div className="ex-analysis" data-testid="result-analysis">
          <RichTextView html={item.analysis} testid="analysis-body" />
        </div>
      ) : null}
    </section>
  );
}
