import { PPT_PAGE_EVENT, PPT_PAGING_EVENT, PPT_STOP_EVENT } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RECONNECTED, useClassroom, useSocketEvent } from '../../../lib/socket';
import { type PptPage, type Presentation, presentingApi, presentingKeys } from '../api';

/**
 * What the classroom screen shows, kept live: a page turn pushed to the course (`interactPptPage`)
 * moves the page at once (and the furthest page shown); anything else (another courseware, the screen stopped, class begun or
 * over, a gap in the connection) reads it again.
 */
export function usePresentation(courseId: number, classTimeId = 0) {
  const queryClient = useQueryClient();
  const key = presentingKeys.current(courseId);
  const query = useQuery({ queryKey: key, queryFn: () => presentingApi.current(courseId) });
  useClassroom(courseId, classTimeId);
  const reread = (data?: { courseid?: number } | null) => {
    if (data && Number(data.courseid) !== courseId) return;
    void queryClient.invalidateQueries({ queryKey: key });
  };
  useSocketEvent(PPT_PAGE_EVENT, (data: PptPage) => {
    if (Number(data?.courseid) !== courseId) return;
    const shown = queryClient.getQueryData<Presentation>(key);
    if (shown?.presenting === 1 && shown.interactid === data.interactid && shown.classtimeid === data.classtimeid)
      queryClient.setQueryData<Presentation>(key, { ...shown, page: data.page, reached: Math.max(shown.reached, data.page) });
    else reread();
  });
  useSocketEvent(PPT_STOP_EVENT, reread);
  // the teacher let students page ahead, or stopped them (decision 029)
  useSocketEvent(PPT_PAGING_EVENT, reread);
  useSocketEvent('AttendClass.classBegin', reread);
  useSocketEvent('AttendClass.classOver', reread);
  useSocketEvent(RECONNECTED, () => reread());
  return query;
}
