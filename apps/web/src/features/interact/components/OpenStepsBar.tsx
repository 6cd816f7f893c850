import { NoticeBar } from 'antd-mobile';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { interactPaths } from '../paths';
// the bar's look is the attendance bar's beside it
import '../../attendance/attendance.css';
import { usePendingSteps } from '../hooks/usePendingSteps';

/**
 * The course home's way back to a question still taking answers (issue 25): a bar while any step
 * waits for this student's answer, also after they dismissed the "join?" question. One step opens
 * its answer page, several the list. Kept live by the course-level layer (ClassEvents), whose prompt
 * rereads the same query on every `Interact.*` event.
 */
export function OpenStepsBar({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingSteps(courseId);
  const list = pending.data?.list ?? [];
  if (list.length === 0) return null;
  const only = list.length === 1 ? list[0]! : undefined;
  return (
    <button
      type="button"
      className="att-open-bar"
      onClick={() =>
        navigate(only ? interactPaths.answer(courseId, only.stepid, only.interactid) : interactPaths.detail(courseId, 0))
      }
      data-testid="ia-open-bar"
      data-count={list.length}
    >
      <NoticeBar color="info" content={t('classEvents.openQuestion', { count: list.length })} />
    </button>
  );
}
