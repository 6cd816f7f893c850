import { COURSE_BANNER_MS } from '@paiclass/shared';
import { RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/translations';
import { classState } from '../classState';
import type { CourseItem } from '../types';

// the swiper (react-spring, use-gesture) comes when a class is on, right after the list's first render;
// until then the first class shows as it will in the swiper (issue 10: /ktpCourse's first load)
const BannerSwiper = lazy(() => import('./BannerSwiper').then((m) => ({ default: m.BannerSwiper })));

/** The course list's banner of classes going on now: live, in class or in a meeting (spec 1 §2). */
export function ClassStateBanner({ courses, onOpen }: { courses: CourseItem[]; onOpen: (course: CourseItem) => void }) {
  const now = courses.filter((c) => classState(c) !== null);
  if (now.length === 0) return null;
  const many = now.length > 1;
  const items = now.map((course) => <BannerItem key={course.id} course={course} onOpen={onOpen} />);
  return (
    <section className="class-state-banner" data-testid="class-state-banner">
      <Suspense fallback={items[0]}>
        <BannerSwiper autoplay={many} interval={COURSE_BANNER_MS} items={items} />
      </Suspense>
    </section>
  );
}

function BannerItem({ course, onOpen }: { course: CourseItem; onOpen: (course: CourseItem) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="class-state-banner-item"
      onClick={() => onOpen(course)}
      data-testid="class-state-banner-item"
      data-course-id={course.id}
    >
      <span className="class-state-dot" aria-hidden />
      <span className="class-state-banner-label">{t(`courses.classState.${classState(course)}`)}</span>
      <span className="class-state-banner-name">
        {course.coursename}
        {course.classname ? ` · ${course.classname}` : ''}
      </span>
      <span className="class-state-banner-enter">
        {t('courses.classState.enter')}
        <RightOutline />
      </span>
    </button>
  );
}
