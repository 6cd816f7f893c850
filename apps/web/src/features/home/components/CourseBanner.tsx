import { COURSE_BANNER_MS } from '@paiclass/shared';
import { Button, Skeleton, Swiper } from 'antd-mobile';
import { RightOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useCourseList } from '../../courses/hooks/useCourseList';
import type { CourseItem } from '../../courses/types';
import { cardColors, courseHomePath, semesterTitle } from '../../courses/utils';

/** How many of the user's courses the banner shows. */
export const BANNER_COURSES = 5;

/** The user's first courses in their own order: pinned first, then the newest terms (as the course list). */
export function recentCourses(data: { pinned: CourseItem[]; groups: { courses: CourseItem[] }[] } | undefined) {
  if (!data) return [];
  return [...data.pinned, ...data.groups.flatMap((g) => g.courses)].slice(0, BANNER_COURSES);
}

/** The home page's banner of the user's courses (taught ones for teachers, learned ones for students). */
export function CourseBanner({ isTeacher }: { isTeacher: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useCourseList(isTeacher ? 'teach' : 'study', '');
  const courses = recentCourses(list.data);

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div className="home-banner-card is-skeleton" data-testid="home-courses-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={1} animated />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="home-banner-card is-state" data-testid="home-courses-error">
        <span>{errorMessage(list.error)}</span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void list.refetch()} data-testid="home-courses-retry">
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (courses.length === 0) {
    body = (
      <div className="home-banner-card is-state" data-testid="home-courses-empty">
        <span>{isTeacher ? t('home.courses.emptyTeach') : t('home.courses.emptyStudy')}</span>
        <Button
          size="mini"
          color="primary"
          onClick={() => navigate(isTeacher ? '/newCourse' : '/joinCourse')}
          data-testid="home-courses-empty-action"
        >
          {isTeacher ? t('home.quick.create') : t('home.quick.join')}
        </Button>
      </div>
    );
  } else {
    const many = courses.length > 1;
    body = (
      <Swiper
        autoplay={many}
        autoplayInterval={COURSE_BANNER_MS}
        loop={many}
        slideSize={many ? 88 : 100}
        stuckAtBoundary={false}
        indicator={() => null}
      >
        {courses.map((course) => (
          <Swiper.Item key={course.id}>
            <button
              type="button"
              className={many ? 'home-banner-card' : 'home-banner-card is-single'}
              style={cardColors(course.id)}
              onClick={() => navigate(courseHomePath(course.id, Number(course.role) === 1 ? 1 : 0))}
              data-testid="home-course"
              data-course-id={course.id}
            >
              <span className="home-banner-name" data-testid="home-course-name">
                {course.coursename}
              </span>
              <span className="home-banner-class">
                {course.classname || t('courses.card.noClass')} · {semesterTitle(t, course.semester, course.term)}
              </span>
              <span className="home-banner-meta">
                <span>
                  <UserOutline /> {course.username}
                </span>
                {Number(course.role) === 1 ? (
                  <span>
                    <TeamOutline /> {t('courses.card.students', { count: Number(course.total) })}
                  </span>
                ) : null}
              </span>
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    );
  }

  return (
    <section className="home-section" data-testid="home-courses" data-interval={COURSE_BANNER_MS}>
      <div className="home-section-head">
        <h2 className="home-section-title">{t('home.courses.title')}</h2>
        <button
          type="button"
          className="home-section-more"
          onClick={() => navigate('/ktpCourse')}
          data-testid="home-courses-more"
        >
          {t('home.more')}
          <RightOutline />
        </button>
      </div>
      <div className="home-banner">{body}</div>
    </section>
  );
}
