import { z } from 'zod';

/** What the chat calls and the chat socket answer (spec 1 §3 "Chat session", "Chat message", "History message", "Friend", "Address-book course"). */

/** `/userApi/getIMToken`: a short-lived token to log in on the chat socket (never the session token in a URL) */
export const imTokenAnswer = z.object({
  token: z.string(),
  /** epoch seconds */
  expires: z.number().int(),
  /** the socket's path */
  path: z.string(),
});

/** A chat message: also the payload of the socket's `pushMessage` delivered to a group's members */
export const chatMessageAnswer = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  fromUid: z.number().int(),
  fromName: z.string(),
  avatar: z.string(),
  msgType: z.number().int(),
  /** text, or a media message's file name */
  msgContent: z.string(),
  /** a media message's file: an absolute, signed address bound to whoever it is delivered to; '' for text */
  fileUrl: z.string(),
  /** a picture message's thumbnail (at most 360 px on its longer side, same grant as `fileUrl`); '' otherwise */
  thumbUrl: z.string(),
  /** a media message's file size in bytes; 0 for text */
  fileSize: z.number().int(),
  /** epoch seconds */
  createTime: z.number().int(),
  uniqueCode: z.string(),
  /** 2 sent (spec 1 §4) */
  msgtatus: z.number().int(),
});

export const chatFriendAnswer = z.object({
  friendId: z.number().int(),
  friendUsername: z.string(),
  friendAvatar: z.string(),
  /** owner, assistant or student */
  role: z.string(),
  /** the administrative class, 0 none */
  classid: z.number().int(),
});

/** A session of the message list */
export const chatSessionAnswer = z.object({
  group: z.object({
    id: z.number().int(),
    name: z.string(),
    avatar: z.string(),
    remark: z.string(),
    /** 1 private, 2 course group */
    type: z.number().int(),
    courseid: z.number().int(),
  }),
  lastMsg: z
    .object({
      id: z.number().int(),
      createTime: z.number().int(),
      fromUid: z.number().int(),
      msgType: z.number().int(),
      msgContent: z.string(),
    })
    .nullable(),
  groupUser: z.object({
    unReadCount: z.number().int(),
    mute: z.number().int(),
    /** a course group: the newest unread message the course's teacher posted (ours, issue 27); 0 none */
    teacherMsgId: z.number().int(),
  }),
  /** the other member of a private chat; null for a course group */
  friend: chatFriendAnswer.omit({ role: true, classid: true }).nullable(),
  systemUid: z.number().int(),
});
export const chatSessionListAnswer = z.object({
  list: z.array(chatSessionAnswer),
  /** every session's unread messages together: the tab bar's badge */
  unread: z.number().int(),
});

export const chatTeamMember = z.object({
  uid: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  role: z.string(),
});
export const chatTeamAnswer = z.object({ list: z.array(chatTeamMember) });
export const chatAddressCourse = z.object({
  id: z.number().int(),
  coursename: z.string(),
  classname: z.string(),
  classAdministration: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** the caller's role */
  role: z.string(),
});
export const chatCourseListAnswer = z.object({ list: z.array(chatAddressCourse) });
export const chatFriendListAnswer = z.object({ list: z.array(chatFriendAnswer) });

/** `/LetterApi/open` and `createGroup` */
export const chatOpenAnswer = z.object({
  groupId: z.number().int(),
  coursename: z.string(),
  /** the friend's name (private) or the course's (group) */
  name: z.string(),
  friendid: z.number().int(),
});

/** A history message's attachment (spec 1 §3): a picture, file, voice or video message's file */
export const chatAttachment = z.object({
  isPic: z.number().int(),
  src: z.string(),
  /** the picture itself: no smaller copy is made (decision 032) */
  thumb_src: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
  /** seconds; 0 when unknown */
  duration: z.number().int(),
  playurl: z.string(),
  isAudio: z.number().int(),
  isVideo: z.number().int(),
  title: z.string(),
  tips: z.string(),
});
/** A history message (spec 1 §3) */
export const chatHistoryMessage = z.object({
  id: z.number().int(),
  createtime: z.number().int(),
  avatar: z.string(),
  fromUid: z.number().int(),
  username: z.string(),
  content: z.object({ msgtype: z.number().int(), content: z.string(), attachment: chatAttachment.nullable() }),
});
export const chatHistoryAnswer = z.object({
  groupId: z.number().int(),
  /** 1 private, 2 course group */
  type: z.number().int(),
  /** a private chat: the newest message id the other member has read (read receipts, ours, issue 27); 0 in a course group */
  readUpTo: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
  list: z.array(chatHistoryMessage),
});

export const chatDeleteSessionAnswer = z.object({ groupid: z.number().int() });
export const chatMuteAnswer = z.object({ groupid: z.number().int(), friendid: z.number().int(), mute: z.number().int() });

/** The teacher's forbidding of chat in a course (spec 2 §6), as `/LetterApi/chatRules` and `forbidChat` answer it */
export const chatRulesAnswer = z.object({
  courseid: z.number().int(),
  /** the course's group chat */
  groupid: z.number().int(),
  /** 1: every student is forbidden (unless let chat one by one) */
  allforbidden: z.number().int(),
  /** 1: the caller may not send in the course's group chat now */
  forbidden: z.number().int(),
  /** 1: the caller forbids and allows (the teacher and assistants) */
  manages: z.number().int(),
  /** the staff's view: students forbidden one by one, and students let chat while everyone is forbidden */
  forbiddenlist: z.array(z.number().int()),
  allowedlist: z.array(z.number().int()),
  /** 1: a private chat whose other member the caller blocks (`mute`/`shieldFriend`): their messages are refused */
  blocked: z.number().int(),
});
export type ChatRules = z.infer<typeof chatRulesAnswer>;

/** A message found by `/LetterApi/searchMessage` (ours, issue 27), with the session it is in */
export const chatSearchHit = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  /** the session: 1 private, 2 course group; its name as the session list gives it (the friend's or the course's) */
  type: z.number().int(),
  name: z.string(),
  /** the course's name */
  remark: z.string(),
  courseid: z.number().int(),
  /** the other member of a private chat; 0 in a course group */
  friendid: z.number().int(),
  fromUid: z.number().int(),
  fromName: z.string(),
  msgType: z.number().int(),
  /** the text around the first match (at most 80 characters; '…' where cut), the keyword in it as written */
  excerpt: z.string(),
  /** epoch seconds */
  createTime: z.number().int(),
});
export const chatSearchAnswer = z.object({
  keyword: z.string(),
  list: z.array(chatSearchHit),
  /** more hits older than the last: ask again with `beforeId` = `next` */
  more: z.boolean(),
  next: z.number().int(),
});
export type ChatSearchHit = z.infer<typeof chatSearchHit>;

export type ChatMessage = z.infer<typeof chatMessageAnswer>;
export type ChatSession = z.infer<typeof chatSessionAnswer>;
export type ChatFriend = z.infer<typeof chatFriendAnswer>;
export type ChatAddressCourse = z.infer<typeof chatAddressCourse>;
