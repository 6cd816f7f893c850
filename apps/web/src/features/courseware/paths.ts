/** Addresses of the courseware pages (spec 2 §2 /courseware/detail, /courseware/startLearning, /addActivity/courseware). */
type Role = 0 | 1;
const q = (courseId: number, role: Role) => `courseId=${courseId}&courseRole=${role}`;

/** The teacher's page (role 1) or the learner's (0); without `id`, the course's courseware list. */
export const coursewarePath = (courseId: number, role: Role, id?: number) =>
  `${role ? '/courseware/detail' : '/courseware/startLearning'}?${q(courseId, role)}${id ? `&id=${id}` : ''}`;
export const addCoursewarePath = (courseId: number) => `/addActivity/courseware?${q(courseId, 1)}`;
/** A class's review of a courseware (spec 2 §2 /reviewCourseWare; decision 025): a courseware, a class time, or both. */
export const reviewPath = (courseId: number, role: Role, target: { id?: number; classtimeid?: number }) =>
  `/reviewCourseWare?${q(courseId, role)}${target.id ? `&id=${target.id}` : ''}${target.classtimeid ? `&classtimeid=${target.classtimeid}` : ''}`;

/** "1:05:03", "12:30", "0:45" from seconds. */
export function formatDuration(total: number) {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
