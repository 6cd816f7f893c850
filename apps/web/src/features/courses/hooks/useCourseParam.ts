import { useSearchParams } from '../../../lib/router';
import { parseCourseId } from '../utils';

/** The `courseId` of the address as a positive number, or null. */
export function useCourseParam(name = 'courseId') {
  const [params] = useSearchParams();
  return parseCourseId(params.get(name));
}
