import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
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
import { type Mistake, mistakesApi, mistakesKeys, mistakesPaths, type RedoResult } from '../api.mistakes';
import { CorrectTag } from '../components/student/CorrectTag';
import { QuestionCard } from '../components/student/QuestionCard';
import { answerText, keyText, normaliseAnswer, typeName } from '../components/student/studentUtils';
import type { AnswerValue } from '../hooks/answerJournal';
import '../components/student/student.css';
import '../components/student/mistakes.css';

/**
 * /sets/mistakes/detail?courseId=&subjectid=: one mistake of the student's (issue 14): the question
 * and the answer they gave in the paper; they answer it again, and the server says whether it is
 * right and gives the key. Right marks it mastered; wrong, they try again until it is right.
 */
export default function StudentMistakeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('subjectid'));
  const goBack = useGoBack(courseId ? mistakesPaths.list(courseId) : undefined);
  return (
    <div className="page ex-page" data-testid="mistake-page">
      <PageNavBar title={t('exams.mistakes.detailTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? <LoadFailed message={t('exams.mistakes.notFound')} /> : <MistakeBody courseId={course.id} id={id} />
        }
      </CourseGate>
    </div>
  );
}

function optionsText(m: Mistake, text: string) {
  if (m.optionList.length === 0 || !text) return text;
  const found = text
    .split('')
    .map((k) => m.optionList.find((o) => o.id === k))
    .filter(Boolean)
    .map((o) => `${o!.id}. ${o!.title}`);
  return found.length ? found.join('；') : text;
}

function MistakeBody({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [value, setValue] = useState<AnswerValue>(null);
  const [result, setResult] = useState<RedoResult | null>(null);
  const query = useQuery({
    queryKey: mistakesKeys.one(courseId, id),
    queryFn: () => mistakesApi.one(courseId, id),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const redo = useMutation({
    mutationFn: (answer: AnswerValue) => mistakesApi.redo(courseId, id, answer),
    onSuccess: (r) => {
      setResult(r);
      if (r.correct === 1) void client.invalidateQueries({ queryKey: mistakesKeys.all(courseId) });
    },
    onError: (e) => showApiError(e),
  });
  if (query.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const m = query.data.lists[0];
  if (!m) return <LoadFailed message={t('exams.mistakes.notFound')} />;
  const before = answerText(t, m.typeid, normaliseAnswer(m.typeid, m.myanswer));
  const empty = value === null || (Array.isArray(value) && value.every((v) => String(v).trim() === ''));
  return (
    <div className="page-body ex-body" data-testid="mistake">
      <section className="ex-card">
        <div className="ex-q-head">
          <span className="ex-tag is-blue">{typeName(t, m.typeid)}</span>
          {m.mastered ? (
            <span className="ex-tag is-green" data-testid="mistake-mastered">
              {t('exams.mistakes.mastered')}
            </span>
          ) : null}
        </div>
        <div className="ex-meta">
          <span>{m.testtitle}</span>
          {m.points.map((p) => (
            <span key={p} className="ex-tag">
              {p}
            </span>
          ))}
        </div>
        <div className="ex-answer-line" data-testid="mistake-before">
          <span>{t('exams.mistakes.inPaper')}</span>
          <span>{before ? optionsText(m, before) : t('exams.student.noAnswer')}</span>
          <span style={{ marginLeft: 8 }}>
            <CorrectTag t={t} correct={m.correct} />
          </span>
        </div>
      </section>
      <QuestionCard
        item={{ ...m, myfiles: [], myseq: 0 }}
        number={1}
        value={value ?? undefined}
        onChange={(v) => setValue(v)}
        disabled={redo.isPending || result !== null}
      />
      {result ? <RedoOutcome m={m} r={result} t={t} /> : null}
      <div className="ex-actions">
        {result === null ? (
          <Button
            color="primary"
            block
            disabled={empty}
            loading={redo.isPending}
            onClick={() => redo.mutate(value)}
            data-testid="mistake-submit"
          >
            {t('exams.mistakes.check')}
          </Button>
        ) : result.correct === 1 ? (
          <Button
            color="primary"
            block
            onClick={() => navigate(mistakesPaths.list(courseId), { replace: true })}
            data-testid="mistake-back"
          >
            {t('exams.mistakes.backToList')}
          </Button>
        ) : (
          <Button
            color="primary"
            block
            onClick={() => {
              setResult(null);
              setValue(null);
            }}
            data-testid="mistake-again"
          >
            {t('exams.mistakes.tryAgain')}
          </Button>
        )}
      </div>
    </div>
  );
}

function RedoOutcome({ m, r, t }: { m: Mistake; r: RedoResult; t: TFunction }) {
  const key = keyText(t, m.typeid, r.answer);
  return (
    <section className="ex-question" data-testid="mistake-result" data-correct={r.correct}>
      <p
        className={`ex-note ${r.correct === 1 ? 'is-success' : 'is-danger'}`}
        style={{ marginTop: 0 }}
        data-testid="mistake-verdict"
      >
        {r.correct === 1 ? <CheckCircleOutline /> : null}
        <span>
          {r.correct === 1 ? t('exams.mistakes.right') : r.correct === 2 ? t('exams.mistakes.partly') : t('exams.mistakes.wrong')}
        </span>
      </p>
      {key ? (
        <div className="ex-answer-line" data-testid="mistake-key">
          <span>{t('exams.student.keyLabel')}</span>
          <span>{optionsText(m, key)}</span>
        </div>
      ) : null}
      {r.blanksanswer.length > 0 ? (
        <div className="ex-answer-line" data-testid="mistake-blanks">
          <span>{t('exams.student.keyLabel')}</span>
          <span>{r.blanksanswer.map((b) => b.join(' / ')).join(t('exams.student.listSep'))}</span>
        </div>
      ) : null}
      {r.analysis ? (
        <div className="ex-analysis" data-testid="mistake-analysis">
          <RichTextView html={r.analysis} testid="analysis-body" />
        </div>
      ) : null}
    </section>
  );
}
