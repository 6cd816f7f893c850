import type { ReactNode } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, type CourseGateProps } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';

/**
 * The frame of an interactive-answer page: its title, the course's gate (with the ability the page
 * needs), and the numbers its address must carry (`stepid`, `id`, `uid`, …); without one of them the
 * page says so instead of loading. `optional` numbers are passed as 0 when missing.
 */
export function InteractPage({
  testId,
  className = '',
  title,
  ability,
  need,
  optional = [],
  children,
}: {
  testId: string;
  className?: string;
  title: string;
  ability?: CourseGateProps['ability'];
  need: string[];
  optional?: string[];
  children: (courseId: number, ids: Record<string, number>) => ReactNode;
}) {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const ids = Object.fromEntries([...need, ...optional].map((name) => [name, Number(params.get(name)) || 0]));
  return (
    <div className={`page ia-page ${className}`.trim()} data-testid={testId}>
      <PageNavBar title={title} />
      <CourseGate courseId={courseId} info={info} ability={ability}>
        {(course) =>
          need.every((name) => ids[name]) ? children(course.id, ids) : <LoadFailed message={t('interact.student.noStep')} />
        }
      </CourseGate>
    </div>
  );
}
