/** Addresses of the homework pages (spec 2 §2 /homework and its sub-screens, /addActivity/task). */

export type Role = 0 | 1;

const q = (courseId: number, role: Role) => `courseId=${courseId}&courseRole=${role}`;

/** The course's homework, or one homework when `id` is given. */
export const homeworkPath = (courseId: number, role: Role, id?: number) =>
  `/homework?${q(courseId, role)}${id ? `&id=${id}` : ''}`;
/** A new homework, or the homework `id` to edit. */
export const addTaskPath = (courseId: number, id?: number) => `/addActivity/task?${q(courseId, 1)}${id ? `&id=${id}` : ''}`;
/** The submissions of a homework, filtered (spec 2 §4 states; 0 all). */
export const stuUserListPath = (courseId: number, id: number, filter = 0) =>
  `/homework/stuUserList?${q(courseId, 1)}&id=${id}${filter ? `&filter=${filter}` : ''}`;
/** The submissions with the filter chooser open. */
export const filterPath = (courseId: number, id: number, filter = 0) =>
  `/homework/filter?${q(courseId, 1)}&id=${id}${filter ? `&filter=${filter}` : ''}`;
/** One submission for grading; `filter` names the list the teacher came from, whose order previous and next follow. */
export const stuWorkDetailPath = (courseId: number, id: number, sid: number, filter = 0) =>
  `/homework/stuWorkDetail?${q(courseId, 1)}&id=${id}&sid=${sid}${filter ? `&filter=${filter}` : ''}`;
export const stuWorkSubmitPath = (courseId: number, id: number) => `/homework/stuWorkSubmit?${q(courseId, 0)}&id=${id}`;
/** A student's own versions; a teacher's view of one submission's versions names it. */
export const historyPath = (courseId: number, role: Role, id: number, sid?: number) =>
  `/homework/stuWorkHistory?${q(courseId, role)}&id=${id}${sid ? `&sid=${sid}` : ''}`;
export const shareListPath = (courseId: number, role: Role, id: number) =>
  `/homework/stuWorkShareList?${q(courseId, role)}&id=${id}`;
/** VIP students: the classmates' work of a homework, live (decision 051). */
export const classmatesWorkPath = (courseId: number, id: number) => `/homework/classmatesWork?${q(courseId, 0)}&id=${id}`;
export const callPath = (courseId: number, id: number) => `/homework/call?${q(courseId, 1)}&id=${id}`;
export const discussPath = (courseId: number, role: Role, id: number) => `/homework/discussDetail?${q(courseId, role)}&id=${id}`;
/** Return one submission or a batch for resubmission, with a reason. */
export const repulsePath = (courseId: number, id: number, sids: number[]) =>
  `/homework/repulse?${q(courseId, 1)}&id=${id}&sids=${sids.join(',')}`;
/** The duplicate-check report and the peer reviews (their own pages). */
export const recheckingPath = (courseId: number, id: number) => `/homework/rechecking?${q(courseId, 1)}&id=${id}`;
export const reviewDetailPath = (courseId: number, role: Role, id: number) =>
  `/homework/reviewDetail?${q(courseId, role)}&id=${id}`;
