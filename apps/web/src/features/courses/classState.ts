import type { CourseItem } from './types';

export type ClassState = 'live' | 'inClass' | 'inMeetingClass' | 'inMeeting';

/**
 * The course list's state label (spec 1 §4): type 1 live; type 3 in class, or "in meeting class"
 * with the meeting flag; type 0 with the meeting flag in meeting. The server sets type 3 while a
 * class time is in progress; live and meetings arrive with their areas.
 */
export function classState(course: Partial<Pick<CourseItem, 'type' | 'is_meeting'>>): ClassState | null {
  const type = Number(course.type ?? 0);
  const meeting = Number(course.is_meeting ?? 0) > 0;
  if (type === 1) return 'live';
  if (type === 3) return meeting ? 'inMeetingClass' : 'inClass';
  if (type === 0 && meeting) return 'inMeeting';
  return null;
}
