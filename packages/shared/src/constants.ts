/** Spec constants, each with the section it comes from. */

import { ADMIN_CODES } from './admin/codes';
import { ATTENDANCE_CODES } from './attendance/constants';
import { BARRAGE_CODES } from './barrage/constants';
import { CHAT_CODES } from './chat/constants';
import { PRESENTING_CODES } from './classtime/constants';
import { COMMERCE_CODES } from './commerce/constants';
import { COURSEWARE_CODES } from './courseware/constants';
import { EXAM_CODES, OFFLINE_CODES, PRACTICE_CODES } from './exams/constants';
import { INTERACT_CODES } from './interact/constants';
import { STAR_CODES } from './representation/constants';
import { SPEAK_CODES } from './speak/constants';

export const USERTYPE_STUDENT = 0; // spec 1 §1
export const USERTYPE_TEACHER = 1; // spec 1 §1

export const PASSWORD_MIN = 6; // spec 1 §5
export const PASSWORD_MAX = 20; // spec 1 §5
export const STNO_MAX = 20; // spec 1 §5, §9
export const SEND_CODE_COUNTDOWN_SECONDS = 60; // spec 1 §4, §9
export const VERIFY_CODE_LENGTH = 6; // issue #2: codes are 6 digits
export const VERIFY_CODE_TTL_SECONDS = 600; // issue #2: codes expire after 10 minutes
export const VERIFY_CODE_MAX_TRIES = 5; // issue #2: at most 5 wrong tries
export const CODE_DAILY_CAP_PER_TARGET = 10; // issue #2: daily cap per target (value ours)
// a school's students often share one address (NAT), so the per-address cap is generous
export const CODE_DAILY_CAP_PER_ADDRESS = 200; // issue #2: daily cap per client address (value ours)
export const FIGURE_CODE_TTL_SECONDS = 300; // picture codes live 5 minutes (value ours)
export const LOGIN_FIGURE_AFTER_FAILURES = 3; // issue 11: after a few failed logins of an account, the picture code (value ours)
export const LOGIN_ADDRESS_MAX_FAILURES = 50; // issue 11: failed logins of one address across accounts per window (value ours)
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60; // the window of both login counters (value ours)
export const BIND_POLL_MS = 3000; // spec 1 §9
export const JOIN_CODE_LENGTH = 6; // spec 1 §9
export const FREE_TEACHER_COURSE_CAP = 50; // spec 1 §9
export const COURSE_NAME_MAX = 50; // spec 1 §9
export const AVATAR_MAX_BYTES = 5242880; // spec 1 §5
export const REQUEST_TIMEOUT_MS = 120000; // spec 2 §9
export const UPLOAD_CHUNK_BYTES = 5120000; // spec 2 §9
export const IMAGE_MAX_BYTES = 5242880; // spec 2 §5: images at most 5 MB
export const ATTACHMENT_MAX_BYTES = 150 * 1024 * 1024; // spec 2 §9: non-member attachments 150M
export const ATTACHMENT_MAX_BYTES_VIP = 2 * 1024 * 1024 * 1024; // spec 2 §9: VIP 2G
export const FILE_URL_TTL_SECONDS = 3600; // signed file addresses live an hour (value ours)
// issue 12: documents shown as page images rendered on the server (values ours)
export const PREVIEW_MAX_PAGES = 200; // pages rendered of one document; a longer one shows its first 200
export const PREVIEW_MAX_BYTES = 100 * 1024 * 1024; // a larger document is not rendered (downloaded instead)
export const PREVIEW_PAGE_PX = 1600; // a page image's longer side, in pixels
export const HOME_TODO_LIMIT = 3; // spec 1 §9
export const HOME_CAROUSEL_MS = 5000; // spec 1 §9: home carousel autoplay 5 s
export const COURSE_BANNER_MS = 3000; // spec 1 §9: course banner autoplay 3 s
export const PAGE_SIZE = 10; // spec 1 §9 message notices and to-dos
export const COURSE_AUTH_COOKIE_DAYS = 1; // spec 2 §9
export const DUP_VIEWS_PER_HOMEWORK = 10; // spec 2 §5, §9: views of a homework's report (1, 5 or 10; ours 10)
export const DUP_VIEWS_PER_DOCUMENT = 5; // spec 2 §5, §9: views of one document's comparison (ours 5)
export const GRADE_MAX = 100; // spec 2 §5, §9: grades at most 100
export const CONTENT_TITLE_MAX = 100; // value ours
/** How long a live's signed RTMP stream key is accepted by `on_publish` (issue 26; value ours, decision 031). */
export const LIVE_PUSH_KEY_SECONDS = 4 * 3600;
/** The teacher's browser pushes its camera or screen here (WebSocket; issue 26, decision 036). */
export const LIVE_PUSH_SOCKET_PATH = '/ws/live/push';
/** One message of the browser push at most: the sockets' own limit; the page slices MediaRecorder's chunks to it. */
export const LIVE_PUSH_CHUNK_MAX = 64 * 1024;
/** Bytes the browser push may send in LIVE_PUSH_RATE_WINDOW_MS (6 MB in 10 s is ~4.8 Mbit/s). */
export const LIVE_PUSH_RATE_BYTES = 6 * 1024 * 1024;
export const LIVE_PUSH_RATE_WINDOW_MS = 10_000;
/** Close codes of the browser push socket: the key refused, another push of the same live, media refused, the live ended. */
export const LIVE_PUSH_CLOSE = { refused: 4403, busy: 4409, tooMuch: 4413, noIngest: 4503, ended: 4000 } as const;
/**
 * The tags a notice, topic or homework body keeps, on the server and again in the browser. `div` is
 * there because Chrome's editor makes a line per Enter as `<div>line</div>` (`<div><br></div>` for
 * a blank one): without it lines typed apart are run together once published (issue 12, item 2).
 */
export const RICH_TEXT_TAGS = [
  'p',
  'div',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'span',
  'ol',
  'ul',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'a',
  'img',
] as const;
export const RICH_TEXT_MAX = 20000; // characters of sanitised HTML a notice or topic body keeps (value ours)
export const COMMENT_MAX = 1000; // value ours
export const HOMEWORK_ANSWER_TEXT_MAX = 10000; // characters of plain text a homework's text answer holds (value ours)
export const HOMEWORK_ANSWER_HTML_MAX = 60000; // characters of sanitised HTML it keeps with its formatting (value ours)
export const HOMEWORK_ANSWER_INPUT_MAX = 200000; // characters of HTML a submit may send before sanitising (value ours)
export const DIRECTORY_TITLE_MAX = 50; // value ours
export const CLASS_TIME_MAX_HOURS = 4; // a class time not ended by then counts as over (value ours)
export const EDITOR_IMAGE_MAX_BYTES = 5242880; // spec 2 §9 editor image limit

export const LANGUAGES = ['zh', 'en'] as const; // spec 1 §1: stored language is zh or en
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh'; // spec 2 §9

/** Envelope codes; docs/api.md explains each. */
export const CODES = {
  ok: 10000, // spec: success
  noOfficePermission: 10403, // spec 2 §8
  notLoggedIn: 20003, // spec 2 §8: clear storage, go to /login
  mustResetPassword: 20010, // weak password: only the reset calls are open
  mustBindContact: 20011, // no phone and no email: only the binding calls are open
  courseGone: 30202, // spec 2 §8
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
  figureCodeWrong: 21008,
  accountNotFound: 21009,
  passwordTooCommon: 21010,
  resetLinkInvalid: 21011,
  registerClosed: 21012,
  wechatNotConfigured: 21013,
  oldPasswordWrong: 21014,
  contactTaken: 21015,
  lastContact: 21016,
  channelUnavailable: 21017,
  wechatPending: 21018,
  wrongPassword: 21019,
  figureCodeRequired: 21020, // too many failed logins of this account: the picture code first
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
  courseClosed: 30313, // spec 1 §5, spec 2 §2: a student of an ended course the teacher closed to visits
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
