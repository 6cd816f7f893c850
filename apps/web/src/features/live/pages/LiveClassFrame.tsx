import type { ReactNode } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { parseItemId, roleOf } from '../../notices/utils';
import { livePath } from '../api';
import '../live.css';

/**
 * The frame of a live's class page (`/onlineLive/question`, `answerSheet`, `addTopic`, `speakHistory`;
 * decision 040): the title, the course's gate, and the live's id from the address; back leads to the
 * live's room.
 */
export function LiveClassFrame({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: (course: CourseInfo, id: number, ctx: { manager: boolean; role: 0 | 1; backToLive: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = parseItemId(params.get('id'));
  const role = info.data ? roleOf(info.data) : 0;
  const backToLive = courseId ? livePath(courseId, role, id ?? undefined) : '/';
  const goBack = useGoBack(backToLive);
  return (
    <div className="page live-page" data-testid={testId}>
      <PageNavBar title={title} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id ? (
            children(course, id, {
              manager: hasAbility(course, 'manageContent'),
              role: roleOf(course),
              backToLive: livePath(course.id, roleOf(course), id),
            })
          ) : (
            <LoadFailed message={t('live.class.noLive')} />
          )
        }
      </CourseGate>
    </div>
  );
}
