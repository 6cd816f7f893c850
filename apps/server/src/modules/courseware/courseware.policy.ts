import type { ContentRole } from '../content/content.policy';
import { managesContent } from '../content/content.policy';

/**
 * Who may do what with a courseware (issue 15). Every member who may see it (students: published or
 * ended only, content.policy `canSee`) reads its slides and comments and comments on a page; only
 * students learn it (time, page, finish, "don't understand"), and only while it is open; teachers and
 * assistants see the statistics, close the pre-study and delete any comment; a student deletes their own.
 */
export const learns = (role: ContentRole) => role === 'student';

export const seesStatistics = (role: ContentRole) => managesContent(role);

export const mayDeletePageComment = (role: ContentRole, userId: number, comment: { userId: number }) =>
  managesContent(role) || comment.userId === userId;
