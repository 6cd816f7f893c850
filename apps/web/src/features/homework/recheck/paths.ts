/** Addresses of the duplicate-check pages (spec 2 §2 /homework/rechecking, repeat, recheckRules), teachers only. */
const base = (courseId: number, id: number) => `courseId=${courseId}&id=${id}&courseRole=1`;

/** The report of a homework: each submission's highest similarity and the pairs over the ceiling. */
export const recheckingPath = (courseId: number, id: number) => `/homework/rechecking?${base(courseId, id)}`;

/** What is checked, the ceiling and the views left. */
export const recheckRulesPath = (courseId: number, id: number) => `/homework/recheckRules?${base(courseId, id)}`;

/** Two submissions side by side with their matching passages. */
export const repeatPath = (courseId: number, id: number, sid: number, other: number) =>
  `/homework/repeat?courseId=${courseId}&id=${id}&sid=${sid}&other=${other}&courseRole=1`;
