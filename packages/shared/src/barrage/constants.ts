/**
 * Barrage (bullet comments) and the grab-answer race of a class time (spec 2 §7 Barrage, Tools;
 * issue 15; decision 021). Values ours unless a spec section is named.
 */

/** a bullet comment's length, in characters, after trimming */
export const BARRAGE_TEXT_MAX = 50;
/** bullet comments one student sends in one class time */
export const BARRAGE_PER_CLASS_TIME = 30;
/** one bullet comment per student per this many milliseconds */
export const BARRAGE_INTERVAL_MS = 3000;
/** the VIP effect (a highlighted, coloured comment) per class time for an account without VIP (spec 2 §6: VIP gives bullet effects) */
export const BARRAGE_VIP_USES_FREE = 3;
/** the same for a VIP account */
export const BARRAGE_VIP_USES_VIP = 10;
/** the newest bullet comments a list answers */
export const BARRAGE_LIST_LIMIT = 200;

/** after the first press, presses are collected this long; then the winner is drawn */
export const RACE_COLLECT_MS = 1000;
/** corrected reactions this close to the best are a tie, settled at random */
export const RACE_TIE_MS = 30;
/**
 * The largest round trip taken off a socket press's reaction (decision 021): a client that delays its
 * pongs gains no more than this. A phone on 4G measures 30-100 ms, a congested one up to about 200 ms;
 * 300 ms covers them with a margin, and a student on a worse link loses only what is beyond it.
 */
export const RACE_RTT_CAP_MS = 300;
/**
 * A socket's pongs are "slowed on purpose" when their round trip exceeds the press's own time since the
 * start by more than this (decision 021). An honest press takes a round trip plus a human reaction
 * (well over 100 ms), so an honest socket's pongs come back faster than its press; the margin absorbs
 * jitter and a busy server's late timers.
 */
export const RACE_PONG_SLACK_MS = 100;
/** the round trips of a socket's latest pings its correction is the (lower) median of */
export const RACE_RTT_SAMPLES = 5;
/** a race nobody presses closes by itself after this many seconds */
export const RACE_OPEN_SECONDS = 120;

/** Refusal codes of barrage and the race (31201-31212). */
export const BARRAGE_CODES = {
  barrageNotInClass: 31201, // barrage and races belong to a class in progress
  barrageOff: 31202, // the teacher has not switched barrage on for this class
  barrageTooFast: 31203, // one bullet comment per BARRAGE_INTERVAL_MS
  barrageCountUsedUp: 31204, // BARRAGE_PER_CLASS_TIME per class time
  barrageVipUsedUp: 31205, // the VIP effect's uses of this class time are spent
  barrageStaffOnly: 31206, // the switch and deleting are the teacher's and assistants'
  barrageStudentsOnly: 31207, // bullet comments and race presses are the students'
  raceNone: 31208, // no race is open in this class
  raceClosed: 31209, // the race is decided or closed: no more presses
  raceOpen: 31210, // a race is already open in this class
} as const;
