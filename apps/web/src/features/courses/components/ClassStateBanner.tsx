import { COURSE_BANNER_MS } from '@paiclass/shared';
import { Swiper } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { classState } from '../classState';
import type { CourseItem } from '../types';

/** The course list's banner of classes going on now: live, in class or in a meeting (spec 1 §2). */
export function ClassStateBanner({ courses, onOpen }: { courses: CourseItem[]; onOpen: (course: CourseItem) => void }) {
  const { t } = useTranslation();
  const now = courses.filter((c) => classState(c) !== null);
  if (now.length === 0) return null;
  const many = now.length > 1;
  return (
    <section className="class-state-banner" data-testid="class-state-banner">
      <Swiper autoplay={many} autoplayInterval={COURSE_BANNER_MS} loop={many} indicator={() => null}>
        {now.map((course) => (
          <Swiper.Item key={course.id}>
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
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
