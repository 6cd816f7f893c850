/**
 * Chat and private messages (spec 1 §2-§5, spec 2 §3, §4, §7-§9; issue 27; decision 028).
 */

/** message types (spec 2 §3 "Chat"): text 0, image 1, file 2, audio 3, video 4 (the upload family codes) */
export const CHAT_MSG_TEXT = 0;
export const CHAT_MSG_IMAGE = 1;
export const CHAT_MSG_FILE = 2;
export const CHAT_MSG_AUDIO = 3;
export const CHAT_MSG_VIDEO = 4;
/** a recalled message keeps its place with this type (spec 2 §3 "recall") */
export const CHAT_MSG_RECALL = 7;
/** `pushMessage` with msgType 8 marks the group read up to `id` (spec 2 §7); never stored */
export const CHAT_MSG_READ = 8;
/** the message types a client may store */
export const CHAT_STORED_TYPES = [CHAT_MSG_TEXT, CHAT_MSG_IMAGE, CHAT_MSG_FILE, CHAT_MSG_AUDIO, CHAT_MSG_VIDEO] as const;

/** chat status msgtatus (spec 1 §4): 1 sending, 2 sent, 3 failed */
export const CHAT_STATUS_SENDING = 1;
export const CHAT_STATUS_SENT = 2;
export const CHAT_STATUS_FAILED = 3;

/** group kinds: a private chat between two members of a shared course, or a course's group */
export const CHAT_GROUP_PRIVATE = 1;
export const CHAT_GROUP_COURSE = 2;

export const CHAT_PAGE_SIZE = 50; // spec 1 §9, spec 2 §4: history and group messages 50 a page
export const CHAT_SCROLL_TRIGGER_PX = 200; // spec 1 §9
export const CHAT_FLUSH_AFTER_LOGIN_MS = 1000; // spec 2 §4
export const CHAT_HEARTBEAT_MS = 10_000; // spec 2 §4
export const CHAT_RESEND_AFTER_MS = 25_000; // spec 2 §4
export const CHAT_RECONNECT_MS = 1000; // spec 2 §4
export const CHAT_FAIL_AFTER_MS = 10_000; // spec 1 §4: still sending after 10 s becomes failed
export const CHAT_RECALL_MS = 2 * 60_000; // issue 27: recall within 2 minutes
export const CHAT_TEXT_MAX = 2000; // value ours
export const CHAT_UNIQUE_CODE_MAX = 64; // value ours
export const CHAT_IM_TOKEN_TTL_SECONDS = 300; // value ours: the chat socket's login token lives 5 minutes

/** the chat socket's answer codes (spec 2 §8): 200 done, 201 refused (not in the group, blocked: "the other party has refused") */
export const CHAT_RETURN_OK = 200;
export const CHAT_RETURN_REFUSED = 201;
/** 401: not logged in on the socket (ours); 400: a request the server cannot read (ours) */
export const CHAT_RETURN_LOGIN = 401;
export const CHAT_RETURN_BAD = 400;

/** the chat socket's request types (spec 2 §7) */
export const CHAT_REQUEST_TYPES = [
  'ping',
  'login',
  'pushMessage',
  'getMessage',
  'removeMessage',
  'getGroupMessage',
  'getGroupUserList',
] as const;
export type ChatRequestType = (typeof CHAT_REQUEST_TYPES)[number];

/** refusal codes of the chat calls */
export const CHAT_CODES = {
  chatSelf: 31601, // spec 2 §8: "暂不支持给自己发送私信"
  chatEmpty: 31602, // spec 2 §8: "发送的消息不能为空"
  chatRefused: 31603, // spec 2 §8: the other party blocked the sender, or the sender is not in the group
  chatNotMember: 31604, // the group is not one of the caller's (missing and forbidden look the same)
  chatNoSharedCourse: 31605, // a private chat is between two members of one course
  chatRecallLate: 31606, // a message is recalled within 2 minutes, by its sender
  chatForbidden: 31607, // spec 2 §6: the teacher forbade this student chatting in the course
  chatAllForbidden: 31608, // spec 2 §6: the teacher forbade every student chatting in the course
  chatFileMissing: 31609, // a media message names a file that is not one of the sender's
  chatFileKind: 31610, // the file is not of the message's family (a picture message carries an image)
} as const;

/** the media message types: a stored file travels with them (spec 2 §3 upload type codes) */
export const CHAT_MEDIA_TYPES = [CHAT_MSG_IMAGE, CHAT_MSG_FILE, CHAT_MSG_AUDIO, CHAT_MSG_VIDEO] as const;
/** a picture message's image is at most this (spec 2 §5: image upload at most 5 MB) */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The message type of a file by its family (spec 1 §5: image 1, application 2, audio 3, video 4). */
export function chatMsgTypeOf(mime: string): number {
  if (/^image\/(png|jpeg|gif|webp)$/.test(mime)) return CHAT_MSG_IMAGE;
  if (mime.startsWith('audio/')) return CHAT_MSG_AUDIO;
  if (mime.startsWith('video/')) return CHAT_MSG_VIDEO;
  return CHAT_MSG_FILE;
}

/** the message search (issue 27, beyond the spec): a keyword of 1-50 characters, 1-50 hits a page (20 by default) */
export const CHAT_SEARCH_KEYWORD_MAX = 50; // value ours
export const CHAT_SEARCH_PAGE_MAX = 50; // value ours, as a page of messages (spec 1 §9)
export const CHAT_SEARCH_PAGE_SIZE = 20; // value ours
/** a hit's excerpt: this many characters before the keyword and at most this many in all */
export const CHAT_SEARCH_EXCERPT_BEFORE = 12; // value ours
export const CHAT_SEARCH_EXCERPT_MAX = 80; // value ours

/**
 * The chat socket's event when the other member of a private chat has read it (issue 27, read receipts):
 * `{groupId, uid, id, msgType 8}`, built on spec 2 §7's "set already-read" (`pushMessage` msgType 8).
 */
export const CHAT_EVENT_READ = 'readMessage';

/** the chat socket's `groupChange` subtype when the teacher forbids or allows chat (spec 2 §3 "post permission") */
export const CHAT_CHANGE_POST_PERMISSION = 'postPermission';
