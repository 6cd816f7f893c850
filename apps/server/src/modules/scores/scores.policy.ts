import { type ContentRole, managesContent } from '../content/content.policy';

/**
 * Who may do what with the score book (issue 12). Teachers and assistants see every student's row,
 * manage the course's own columns, type, import and export scores; a student sees only their own
 * row, with homework whose scores are published and the columns the teacher made visible.
 */
export const managesScores = (role: ContentRole) => managesContent(role);

/** A student's book holds published homework scores and visible columns only. */
export const seesUnpublished = (role: ContentRole) => managesContent(role);
