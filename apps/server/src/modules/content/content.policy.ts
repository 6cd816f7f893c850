import { CONTENT_TYPES, MATERIAL_FAMILY } from '@paiclass/shared';
import { type CourseRole, can } from '../courses/courses.policy';

/**
 * Who may do what with course content (spec 2 §6). Teachers and assistants manage content and see
 * every state; students see published and ended items only, may download a resource only where
 * the teacher allows it, and may start topics unless the teacher forbids it.
 */
export type ContentRole = Exclude<CourseRole, null>;

/** Published (2) and ended (3) items are what students see. */
export const VISIBLE_TO_STUDENTS = [2, 3];

export const managesContent = (role: ContentRole) => can(role, 'manageContent');

export const canSee = (role: ContentRole, item: { publishState: number }) =>
  managesContent(role) || VISIBLE_TO_STUDENTS.includes(item.publishState);

export const canDownload = (role: ContentRole, item: { downloadable: boolean }) => managesContent(role) || item.downloadable;

/** A student may start a topic when the course allows it; managers always may. */
export const canAuthor = (role: ContentRole, contenttype: number, course: { studentTopics: boolean }) =>
  managesContent(role) || (contenttype === CONTENT_TYPES.topic && course.studentTopics);

/** A student may edit or delete their own topic; managers any item. */
export const canChange = (role: ContentRole, userId: number, item: { authorId: number; contenttype: number }) =>
  managesContent(role) || (item.contenttype === CONTENT_TYPES.topic && item.authorId === userId);

/** A comment goes with its author, or with a teacher or assistant of the course. */
export const canDeleteComment = (role: ContentRole, userId: number, comment: { userId: number }) =>
  managesContent(role) || comment.userId === userId;

/**
 * Types published, ended and given an end time only through their own calls, which keep what hangs
 * on those times right (tests: the frozen paper and the attempts' deadlines, decision 017).
 */
export const OWN_LIFECYCLE = new Set<number>([CONTENT_TYPES.test]);

/** Students' progress counts: materials when opened, notices when read, topics when commented. */
export const DONE_ON_OPEN = new Set<number>([...MATERIAL_FAMILY, CONTENT_TYPES.announcement]);
/** the materials family (spec 2 §3), defined once in packages/shared */
export { MATERIAL_FAMILY };
