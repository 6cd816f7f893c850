/**
 * Stars awarded in class and the star log (spec 2 §2 /representation, §6 "award stars"; issue 15;
 * decision 023). Values ours.
 */

/** stars one award (or take-back) moves at most; 1 when not given */
export const STAR_STEP_MAX = 5;
/** stars one student is awarded at most in one class time (or, outside class, in 24 hours) */
export const STARS_PER_CLASS_TIME = 20;
/** a reason's length, in characters, after trimming; it may be empty */
export const STAR_REASON_MAX = 50;
/** star log entries per page */
export const STAR_LOG_PAGE_SIZE = 20;
/** reasons the award sheet offers (keys under `representation.reasons` in the web app's translations) */
export const STAR_REASONS = ['answeredWell', 'activeInClass', 'goodQuestion', 'helpedOthers'] as const;

/** the socket event to the student's user room and the course's staff room when their stars change */
export const STAR_EVENT = 'Representation.star';

/** Refusal codes of stars (31401-31409). */
export const STAR_CODES = {
  starNotStudent: 31401, // stars go to students of the course only
  starLimit: 31402, // STARS_PER_CLASS_TIME per student per class time (or 24 hours outside class)
  starNothingToTake: 31403, // a take-back never leaves a total below zero
} as const;

/** class times a class-record list answers, newest first (decision 023) */
export const CLASS_RECORD_LIMIT = 100;
/**
 * how long before 上课 an attendance still counts in that class (issue 25: the roll is often taken
 * first): one class period, a Chinese lesson's 45 minutes (value ours; the spec gives none)
 */
export const CLASS_LEAD_MINUTES = 45;
/** attendance states counted as present in a class record (spec 2 §4: 0 present, 2 late) */
export const PRESENT_STATES = [0, 2] as const;
/** top bullet-comment senders a class time's detail lists (decision 023) */
export const BARRAGE_TOP_SENDERS = 10;
/** bullet comments one class time's detail lists at most, oldest first */
export const BARRAGE_DETAIL_LIMIT = 2000;
