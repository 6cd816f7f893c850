/** Addresses of the score pages (spec 2 §2 /score, /scoreDetail, /setScore). */

/** The course score book: every student for a teacher, one's own row for a student. */
export const scorePath = (courseId: number, courseRole: 0 | 1) => `/score?courseId=${courseId}&courseRole=${courseRole}`;

/** One student's items, scores, weights and total. */
export const scoreDetailPath = (courseId: number, uid: number, courseRole: 0 | 1) =>
  `/scoreDetail?courseId=${courseId}&uid=${uid}&courseRole=${courseRole}`;

/** The weights of the scored items (teachers). */
export const setScorePath = (courseId: number) => `/setScore?courseId=${courseId}&courseRole=1`;
