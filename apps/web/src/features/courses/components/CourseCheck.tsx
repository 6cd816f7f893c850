import { CORE_CODES, DEFAULT_TAB } from '@paiclass/shared';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { contentWithTestId } from '../../../components/BodyTestId';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { ApiError } from '../../../lib/api';
import { loadStrings } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../../accounts/authStore';
import { useCourseInfo } from '../hooks/useCourseInfo';
import { parseCourseId } from '../utils';

/**
 * The class's events over every page of a course a student opens (issue 25, decision 029): its own
 * chunk, with the pages' strings it speaks in, fetched once a student opens a course page.
 */
const ClassEvents = lazy(() =>
  Promise.all([import('../../classtime/events/ClassEvents'), loadStrings('pages')]).then(([m]) => m),
);

/**
 * spec 1 §5 / spec 2 §2: before a page whose address carries a non-empty `courseId` and `courseRole`
 * shows, the course is checked (`getCourseInfo`, shared with the page through the query cache):
 * - 30202 (the course is gone or the caller is not in it): the API client forgets the stored course
 *   and offers the join-code step, returning to this address once joined (issue 12 item 7);
 * - a student (server courseRole 0) on a teacher's address (courseRole=1): the course list;
 * - a student of an ended course closed to visits: the reminder, then the course list.
 * `always` checks a page that needs it even without `courseRole` (the course home).
 * A student of a course not ended also gets the course-level layer of class events (ClassEvents).
 */
export function CourseCheck({ always = false, children }: { always?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useAuth((s) => s.token);
  const rawId = params.get('courseId') ?? '';
  const rawRole = params.get('courseRole') ?? '';
  const wanted = Boolean(token) && rawId !== '' && (always || rawRole !== '');
  const courseId = wanted ? parseCourseId(rawId) : null;
  const info = useCourseInfo(courseId);
  const data = info.data;
  // the layer of class events goes on every page of a course, with or without courseRole (the same query when both)
  const layerId = token && rawId !== '' ? parseCourseId(rawId) : null;
  const layer = useCourseInfo(layerId).data;

  const studentAsTeacher = Boolean(data && rawRole === '1' && Number(data.courseRole) === 0);
  const closedToStudent = Boolean(
    data && Number(data.courseRole) === 0 && Number(data.classending) === 1 && Number(data.canvisit) === 0,
  );
  const gone = info.error instanceof ApiError && info.error.code === CORE_CODES.courseGone;

  const alerted = useRef(false);
  useEffect(() => {
    if (!data) return;
    // spec 2 §7: the course being visited, for this tab
    session.set(STORAGE_KEYS.courseId, String(data.id));
    if (studentAsTeacher) {
      navigate(DEFAULT_TAB, { replace: true });
      return;
    }
    if (closedToStudent && !alerted.current) {
      alerted.current = true;
      // the words are of the pages' strings, not yet there when the address is a core page's
      void Promise.all([import('../../../components/alerts'), loadStrings('pages')])
        .then(([{ showAlert }]) =>
          showAlert({
            content: contentWithTestId(t('courses.home.closedToStudents'), 'course-closed-dialog'),
            confirmText: t('common.ok'),
          }),
        )
        .then(() => navigate(DEFAULT_TAB, { replace: true }));
    }
  }, [data, studentAsTeacher, closedToStudent, navigate, t]);

  const student = layer && Number(layer.courseRole) === 0 && Number(layer.classending) !== 1;
  const events = student ? (
    <Suspense fallback={null}>
      <ClassEvents courseId={layer.id} />
    </Suspense>
  ) : null;
  if (courseId === null)
    return (
      <>
        {children}
        {events}
      </>
    );
  if (info.isPending)
    return (
      <div className="page" data-testid="course-check">
        <LoadingScreen text={t('common.loading')} />
      </div>
    );
  // turned away: nothing of the course shows behind the reminder or while leaving
  if (studentAsTeacher || closedToStudent || gone) return <div className="page" data-testid="course-home-closed" />;
  // any other failure is the page's to show (with its retry)
  return (
    <>
      {children}
      {events}
    </>
  );
}
