import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseCourseId } from '../../courses/utils';

/**
 * The frame of a page about one class time (`?courseId=&courseRole=1&classtimeid=`): the title, back to
 * that class's record, the course's staff only, and "no class" without a class time.
 */
export function ClassTimePage({
  title,
  testid,
  children,
}: {
  title: string;
  testid: string;
  children: (courseId: number, classTimeId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const [params] = useSearchParams();
  const classTimeId = parseCourseId(params.get('classtimeid')) ?? 0;
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(
    courseId
      ? `/analysis/detail?courseId=${courseId}&courseRole=1${classTimeId ? `&classtimeid=${classTimeId}` : ''}`
      : undefined,
  );
  return (
    <div className="page star-page" data-testid={testid}>
      <PageNavBar title={title} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) =>
          classTimeId ? (
            children(course.id, classTimeId)
          ) : (
            <div className="page-body star-body">
              <ErrorBlock status="empty" title={t('analysis.noClass')} description="" />
            </div>
          )
        }
      </CourseGate>
    </div>
  );
}
