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
  /** answer review (decision 022): the item's steps as students see them, with the key (staff) */
  preview: (courseId: number, id: number) => `/InteractiveAnswers/preview?${q(courseId, 1)}&id=${id}`,
  /** one step large for the classroom projector (staff) */
  exhibition: (courseId: number, stepid: number) => `/InteractiveAnswers/questionExhibition?${q(courseId, 1)}&stepid=${stepid}`,
  /** a student's answer submitted, waiting for the reveal */
  success: (courseId: number, stepid: number, id?: number) =>
    `/InteractiveAnswers/success?${q(courseId, 0)}&stepid=${stepid}${id ? `&id=${id}` : ''}`,
  /** a student's answers on every step of an item */
  results: (courseId: number, id: number) => `/InteractiveAnswers/answerResults?${q(courseId, 0)}&id=${id}`,
  /** every answer of one step: mark them, show some (staff) */
  review: (courseId: number, stepid: number) => `/reviewAnswer?${q(courseId, 1)}&stepid=${stepid}`,
  /** one student's answers of the item, from one step (staff) */
  reviewDetail: (courseId: number, stepid: number, uid: number) =>
    `/InteractiveAnswers/reviewAnswerDetail?${q(courseId, 1)}&stepid=${stepid}&uid=${uid}`,
};
