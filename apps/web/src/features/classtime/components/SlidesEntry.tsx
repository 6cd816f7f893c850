import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { usePresentation } from '../hooks/usePresentation';
import { inClassPaths } from '../paths';

/**
 * In class, the course home's way to the slides: the teacher opens the classroom screen; a student
 * sees it only while slides are shown (pushed live), with the page the class is on.
 */
export function SlidesEntry({ courseId, canTeach }: { courseId: number; canTeach: boolean }) {
  const { t } = useTranslation();
  if (canTeach)
    return (
      <Link to={inClassPaths.page(courseId, 1)} className="class-time-slides" data-testid="class-slides">
        {t('presenting.entryTeacher')}
      </Link>
    );
  return <FollowEntry courseId={courseId} />;
}

function FollowEntry({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const shown = usePresentation(courseId);
  if (shown.data?.presenting !== 1) return null;
  return (
    <Link to={inClassPaths.page(courseId, 0)} className="class-time-slides" data-testid="class-slides">
      {t('presenting.entryStudent', { page: shown.data.page })}
    </Link>
  );
}
