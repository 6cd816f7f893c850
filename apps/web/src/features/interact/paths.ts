/** Addresses of the interactive-answer pages (spec 2 §2 /InteractiveAnswers/*, /addActivity/interactiveAnswers). */
type Role = 0 | 1;
const q = (courseId: number, role: Role) => `courseId=${courseId}&courseRole=${role}`;

export const interactPaths = {
  /** the teacher's list (role 1) or the student's (0); with `id`, one item's steps */
  detail: (courseId: number, role: Role, id?: number) =>
    `${role ? '/InteractiveAnswers/detailTeacher' : '/InteractiveAnswers/detail'}?${q(courseId, role)}${id ? `&id=${id}` : ''}`,
  create: (courseId: number) => `/addActivity/interactiveAnswers?${q(courseId, 1)}`,
  /** a student answering one step live; `id` (the item) saves a look-up */
  answer: (courseId: number, stepid: number, id?: number) =>
    `/InteractiveAnswers/answer?${q(courseId, 0)}&stepid=${stepid}${id ? `&id=${id}` : ''}`,
  /** the questions placed on the pages of courseware `interactid` (staff) */
  slides: (courseId: number, interactid: number) =>
    `/documentView/interactpptSubjectLists?${q(courseId, 1)}&interactid=${interactid}`,
};
