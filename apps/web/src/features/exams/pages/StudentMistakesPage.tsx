import { useInfiniteQuery } from '@tanstack/react-query';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { RichTextView } from '../../../components/RichTextView';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { type TFunction, useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { ListBody, ListEmpty, ListFooter } from '../../notices/components/ListStates';
import { type Mistake, mistakesApi, mistakesKeys, mistakesPaths } from '../api.mistakes';
import { studentExamPaths } from '../api.student';
import { CorrectTag } from '../components/student/CorrectTag';
import { typeName } from '../components/student/studentUtils';
import '../../notices/notices.css';
import '../components/student/student.css';
import '../components/student/mistakes.css';

/**
 * /sets/mistakes/list?courseId=&point=: a student's mistakes set in a course (issue 14) — the
 * objective questions they answered wrong or partly right in papers whose answers they may see,
 * newest first, filtered by knowledge point; each opens to be redone until right.
 */
export default function StudentMistakesPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? studentExamPaths.list(courseId) : undefined);
  return (
    <div className="page ex-page" data-testid="mistakes-page">
      <PageNavBar title={t('exams.mistakes.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <MistakeList courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

function MistakeList({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const point = params.get('point') ?? '';
  const query = useInfiniteQuery({
    queryKey: mistakesKeys.list(courseId, point),
    queryFn: ({ pageParam }) => mistakesApi.list(courseId, point, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const first = query.data?.pages[0];
  const rows = query.data?.pages.flatMap((p) => p.lists) ?? [];
  const points = first?.points ?? [];
  const choose = (p: string) => navigate(mistakesPaths.list(courseId, p), { replace: true });
  const empty =
    rows.length === 0 ? (
      <ListEmpty
        testid="mistakes-empty"
        title={point ? t('exams.mistakes.emptyPoint', { point }) : t('exams.mistakes.empty')}
        text={t('exams.mistakes.emptyText')}
        action={point ? t('exams.mistakes.allPoints') : undefined}
        onAction={point ? () => choose('') : undefined}
      />
    ) : null;
  return (
    <div className="page-body ex-body" data-testid="mistakes" aria-busy={query.isFetching}>
      <div className="ex-links">
        <button
          type="button"
          className="ex-link"
          data-testid="mistakes-weak-link"
          onClick={() => navigate(mistakesPaths.weak(courseId))}
        >
          {t('exams.mistakes.weakLink')}
        </button>
      </div>
      {points.length > 0 || point ? (
        <div className="ex-chips" data-testid="mistakes-points">
          <button
            type="button"
            className={`ex-chip${point === '' ? ' is-on' : ''}`}
            aria-pressed={point === ''}
            data-testid="mistakes-point-all"
            onClick={() => choose('')}
          >
            {t('exams.mistakes.allPoints')}
          </button>
          {points.map((p) => (
            <button
              key={p.point}
              type="button"
              className={`ex-chip${point === p.point ? ' is-on' : ''}`}
              aria-pressed={point === p.point}
              data-testid="mistakes-point"
              data-point={p.point}
              onClick={() => choose(p.point)}
            >
              {p.point}{' '}
              <small>
                {p.count - p.mastered}/{p.count}
              </small>
            </button>
          ))}
        </div>
      ) : null}
      {first && first.total > 0 ? (
        <p className="ex-meta" style={{ margin: '0 0 10px' }} data-testid="mistakes-total">
          {t('exams.mistakes.total', { count: first.total })}
        </p>
      ) : null}
      <ListBody query={query} empty={empty} loadingTestid="mistakes-loading">
        <ul className="ex-list">
          {rows.map((m) => (
            <li key={m.subjectid}>
              <MistakeRow m={m} t={t} onOpen={() => navigate(mistakesPaths.detail(courseId, m.subjectid))} />
            </li>
          ))}
        </ul>
        <ListFooter query={query} testid="mistakes" />
      </ListBody>
    </div>
  );
}

function MistakeRow({ m, t, onOpen }: { m: Mistake; t: TFunction; onOpen: () => void }) {
  return (
    <button type="button" className="ex-row" data-testid="mistake-row" data-subjectid={m.subjectid} onClick={onOpen}>
      <div className="ex-row-head">
        <span className="ex-tag is-blue">{typeName(t, m.typeid)}</span>
        {m.mastered ? (
          <span className="ex-tag is-green" data-testid="mistake-mastered">
            {t('exams.mistakes.mastered')}
          </span>
        ) : (
          <CorrectTag t={t} correct={m.correct} />
        )}
      </div>
      <div className="ex-q-stem ex-clamp">
        <RichTextView html={m.title} testid="mistake-stem" />
      </div>
      <div className="ex-meta">
        <span>{m.testtitle}</span>
        <span>{formatTime(m.submittedat)}</span>
        {m.points.map((p) => (
          <span key={p} className="ex-tag" data-testid="mistake-point">
            {p}
          </span>
        ))}
      </div>
    </button>
  );
}
