/**
 * Envelope codes, apart from the other constants: the web app's first load (the API client, the course
 * check) reads the session's few codes (`CORE_CODES`, `coreCodes.ts`) and not every area's (decision 050).
 */

import { ADMIN_CODES } from './admin/codes';
import { ATTENDANCE_CODES } from './attendance/constants';
import { BARRAGE_CODES } from './barrage/constants';
import { CHAT_CODES } from './chat/constants';
import { PRESENTING_CODES } from './classtime/constants';
import { COMMERCE_CODES } from './commerce/constants';
import { CORE_CODES } from './coreCodes';
import { COURSEWARE_CODES } from './courseware/constants';
import { EXAM_CODES, OFFLINE_CODES, PRACTICE_CODES } from './exams/constants';
import { INTERACT_CODES } from './interact/constants';
import { STAR_CODES } from './representation/constants';
import { SPEAK_CODES } from './speak/constants';

/** Envelope codes; docs/api.md explains each. */
export const CODES = {
  ok: 10000, // spec: success
  noOfficePermission: 10403, // spec 2 §8
  notLoggedIn: CORE_CODES.notLoggedIn,
  mustResetPassword: CORE_CODES.mustResetPassword,
  mustBindContact: CORE_CODES.mustBindContact,
  courseGone: CORE_CODES.courseGone,
  badInput: 40001,
  notFound: 40004,
  forbidden: 40003,
  tooLarge: 40013,
  notAnImage: 40014,
  storageQuotaFull: 40015, // the account's uploaded files would pass its storage quota (USER_STORAGE_QUOTA)
  rateLimited: 42900,
  wrongCredentials: 21001,
  accountExists: 21002,
  codeWrong: 21003,
  codeExpired: 21004,
  codeTooManyTries: 21005,
  codeTooSoon: 21006,
  codeDailyCap: 21007,
  figureCodeWrong: CORE_CODES.figureCodeWrong,
  accountNotFound: 21009,
  passwordTooCommon: 21010,
  resetLinkInvalid: 21011,
  registerClosed: 21012,
  wechatNotConfigured: 21013,
  oldPasswordWrong: 21014,
  contactTaken: 21015,
  lastContact: 21016,
  channelUnavailable: 21017,
  wechatPending: CORE_CODES.wechatPending,
  wrongPassword: 21019,
  figureCodeRequired: CORE_CODES.figureCodeRequired,
  vipRequired: 30301,
  confirmMismatch: 30302,
  quitNotAllowed: 30303,
  teacherNotFound: 30304,
  courseFull: 30305,
  alreadyMember: 30306,
  classExists: 30307,
  groupFull: 30308,
  groupCapReached: 30309,
  alreadyInGroup: 30310,
  groupingFixed: 30311,
  courseEnded: 30312, // the course has ended: no class begins in it
  courseClosed: CORE_CODES.courseClosed,
  notDownloadable: 30401, // spec 2 §8: no permission to download
  topicsClosed: 30402, // the teacher forbids students from starting topics
  contentEnded: 30403, // the item's end time has passed
  wrongFolder: 30404, // a folder holds items of its own kind, one level deep
  liveNotStarted: 30405, // issue 26: a live nobody has pushed yet is not watched
  liveShareOff: 30406, // issue 26: /ShareLive with a link the teacher switched off (or never gave)
  liveEnded: 30407, // issue 26: an ended live takes no class and no topic (decision 040)
  meetingFull: 30408, // decision 041: a built-in meeting room holds at most 8 people
  notInMeeting: 30409, // decision 041: signalling and TURN credentials are for the room's members only
  meetingPeerGone: 30410, // decision 041: a signal to someone not (or no longer) in the same room
  meetingSignalTooLarge: 30411, // decision 041: one signalling message is at most 16 KB
  homeworkClosed: 30501, // past the deadline and late submission not allowed
  notInGroup: 30502, // group homework: the student has no group in its grouping
  alreadyGraded: 30503, // a graded submission is not resubmitted unless returned
  notSubmitted: 30504, // the action needs a submission
  dupViewsUsedUp: 30505, // spec 2 §8: duplicate-check chances used up
  dupFormatUnsupported: 30506, // spec 2 §8: file format does not support duplicate check
  reviewNotOpen: 30507, // peer reviews are assigned after the deadline
  reviewDone: 30508, // a peer review, once given, is final
  classmatesWorkClosed: 30509, // decision 051: peer-reviewed homework's work is not shown to classmates outside the reviews
  classmatesWorkOff: 30510, // decision 054: the teacher turned classmates' work off for this homework
  attestMismatch: 30601, // the name and number are not on the institution's roster
  attestTaken: 30602, // the roster entry is certified by another account
  alreadyAttested: 30603, // the caller is already certified with this institution
  teachClassBound: 30604, // the scheduled course is bound to another course
  ...ATTENDANCE_CODES, // 30314-30329, issue 13
  ...EXAM_CODES, // 30901-30911, issue 14
  ...PRACTICE_CODES, // 30912-30914, issue 14 (practice and pass-through); 30916, issue 24
  ...OFFLINE_CODES, // 30915, issue 14 (offline tests' scores)
  ...BARRAGE_CODES, // 31201-31212, issue 15 (barrage and the race)
  ...COURSEWARE_CODES, // 31001-31009, issue 15
  ...PRESENTING_CODES, // 31101-31109, issue 15
  ...INTERACT_CODES, // 31301-31309, issue 15
  ...STAR_CODES, // 31401-31409, issue 15 (stars)
  ...SPEAK_CODES, // 31501-31512, issue 15 (speaking, questions, timer)
  ...CHAT_CODES, // 31601-31606, issue 27 (chat)
  ...COMMERCE_CODES, // 31901-31912, 31917-31918, issue 28 (VIP, orders, payment, study cards, WeChat JSAPI)
  ...ADMIN_CODES, // 31913-31916, issue 28 (the operators' admin page, decision 053)
  endsCertification: 30605, // the change ends the account's certifications: resend with confirm 1 (decision 014)
  vipRoleLocked: 30801, // spec 1 §4: a VIP student's role is not changed
  roleChangeRefused: 30802, // spec 1 §4: only a student becomes a teacher
  columnNameTaken: 30701, // a course's score columns have different names
  tooManyColumns: 30702, // SCORE_COLUMNS_MAX columns of its own per course
  fullBelowScores: 30703, // a column's full score stays at or above every score in it
  noScoreColumns: 30704, // an import needs a column to write to
  serverError: 50000,
  unavailable: 50300, // a service a call needs (Redis) is briefly unreachable: try again in a few seconds (decision 027)
} as const;
export type CodeName = keyof typeof CODES;
