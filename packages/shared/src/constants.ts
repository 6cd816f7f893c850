/** Spec constants, each with the section it comes from. */

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

export { CODES, type CodeName } from './codes';
