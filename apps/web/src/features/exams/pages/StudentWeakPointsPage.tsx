import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { ListBody, ListEmpty } from '../../notices/components/ListStates';
import { mistakesApi, mistakesKeys, mistakesPaths } from '../api.mistakes';
import { practicePaths } from '../api.practice';
import { studentExamPaths } from '../api.student';
import '../../notices/notices.css';
import '../components/student/student.css';
import '../components/student/mistakes.css';

/**
 * /testing/weakKnowlegePoints?courseId=: a student's knowledge points (issue 14) with their correct
 * rate over the graded objective answers of papers whose answers they may see; weak ones (below the
 * server's threshold with enough answers) first, each with the way to practise it: its mistakes.
 */
export default function StudentWeakPointsPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? studentExamPaths.list(courseId) : undefined);
  return (
    <div className="page ex-page" data-testid="weak-points-page">
      <PageNavBar title={t('exams.mistakes.weakTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <WeakList courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

function WeakList({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: mistakesKeys.weak(courseId),
    queryFn: () => mistakesApi.weakPoints(courseId),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const rows = query.data?.lists ?? [];
  const empty =
    rows.length === 0 ? (
      <ListEmpty testid="weak-empty" title={t('exams.mistakes.weakEmpty')} text={t('exams.mistakes.weakEmptyText')} />
    ) : null;
  return (
    <div className="page-body ex-body" data-testid="weak-points" aria-busy={query.isFetching}>
      <div className="ex-links">
        <button
          type="button"
          className="ex-link"
          onClick={() => navigate(practicePaths.promote(courseId))}
          data-testid="weak-promote-link"
        >
          {t('exams.practice.promoteLink')}
        </button>
      </div>
      {query.data ? (
        <p className="ex-note" style={{ margin: '0 0 12px' }} data-testid="weak-rule">
          {t('exams.mistakes.weakRule', { rate: query.data.threshold, count: query.data.minanswers })}
        </p>
      ) : null}
      <ListBody query={query} empty={empty} loadingTestid="weak-loading">
        <ul className="ex-weak">
          {rows.map((p) => (
            <li key={p.point} data-testid="weak-point" data-point={p.point} data-weak={p.weak}>
              <div className="ex-row-head">
                <h2 className="ex-title" data-testid="weak-point-name">
                  {p.point}
                </h2>
                {p.weak ? (
                  <span className="ex-tag is-red" data-testid="weak-point-weak">
                    {t('exams.mistakes.weak')}
                  </span>
                ) : null}
              </div>
              <div className={`ex-bar${p.weak ? ' is-weak' : ''}`} aria-hidden="true">
                <span style={{ width: `${p.rate}%` }} />
              </div>
              <div className="ex-meta" data-testid="weak-point-rate">
                <span>{t('exams.mistakes.rate', { rate: p.rate })}</span>
                <span>{t('exams.mistakes.answers', { correct: p.correct, count: p.answers })}</span>
              </div>
              {p.correct < p.answers ? (
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  style={{ marginTop: 10 }}
                  onClick={() => navigate(mistakesPaths.list(courseId, p.point))}
                  data-testid="weak-point-practise"
                >
                  {t('exams.mistakes.practise')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </ListBody>
    </div>
  );
}
