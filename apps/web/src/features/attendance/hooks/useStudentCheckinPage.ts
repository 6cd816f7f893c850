import { useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { paths } from '../utils';

/**
 * What a student's check-in page (`?courseId=&courseRole=0&id=`) stands on: the course and its
 * information, the attendance's id (null when the address has none), and the way back to the
 * course's attendance list.
 */
export function useStudentCheckinPage() {
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId ? paths.studentIndex(courseId) : undefined);
  return { courseId, info, id, goBack };
}
