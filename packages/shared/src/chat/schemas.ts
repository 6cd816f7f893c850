import { z } from 'zod';
import { INT_MAX, wirePage } from '../wire';
import {
  CHAT_PAGE_SIZE,
  CHAT_SEARCH_KEYWORD_MAX,
  CHAT_SEARCH_PAGE_MAX,
  CHAT_SEARCH_PAGE_SIZE,
  CHAT_TEXT_MAX,
  CHAT_UNIQUE_CODE_MAX,
} from './constants';

/**
 * Chat inputs (spec 2 §7 `/LetterApi`, `/Instantmessaging/OperateApi`, the chat socket's payloads), as
 * Ketangpai's clients send them: ids as numbers or strings, `groupid` or `groupId`, unknown fields dropped.
 * Messages are keys of `validationMessages`; a refusal names the field.
 */
const id = (message: string) => z.coerce.number({ message }).int({ message }).positive({ message }).max(INT_MAX, { message });
const none = (v: unknown) => v === undefined || v === null || v === '' || v === '0' || v === 0;
const optionalId = (message: string) => z.preprocess((v) => (none(v) ? undefined : v), id(message).optional());
const flag = z.preprocess(
  (v) => (v === true ? 1 : v === false ? 0 : v),
  z.coerce
    .number({ message: 'validation.chatFlag' })
    .int({ message: 'validation.chatFlag' })
    .min(0, { message: 'validation.chatFlag' })
    .max(1, { message: 'validation.chatFlag' }),
);
/** copies `groupId`/`friendId`/`courseId` to the lower-case names the calls read, whichever the client sent */
const lowerIds = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = { ...(v as Record<string, unknown>) };
  for (const [from, to] of [
    ['groupId', 'groupid'],
    ['friendId', 'friendid'],
    ['courseId', 'courseid'],
    ['classId', 'classid'],
    ['fileid', 'fileId'],
  ] as const)
    if (o[to] === undefined && o[from] !== undefined) o[to] = o[from];
  return o;
};

export const chatCourseInput = z.preprocess(lowerIds, z.object({ courseid: id('validation.courseId') }));
export const chatFriendListInput = z.preprocess(
  lowerIds,
  z.object({ courseid: id('validation.courseId'), classid: optionalId('validation.invalid') }),
);
/** `/LetterApi/open`: a private chat with a member of a shared course */
export const chatOpenInput = z.preprocess(
  lowerIds,
  z.object({ friendid: id('validation.chatFriendId'), courseid: id('validation.courseId') }),
);
/** `/LetterApi/history`: by the friend of a private chat (spec 1 §2 `/ChatHistory?friendid`) or by group */
export const chatHistoryInput = z.preprocess(
  lowerIds,
  z
    .object({
      friendid: optionalId('validation.chatFriendId'),
      groupid: optionalId('validation.chatGroupId'),
      page: wirePage(),
    })
    .refine((o) => o.friendid !== undefined || o.groupid !== undefined, {
      message: 'validation.chatFriendId',
      path: ['friendid'],
    }),
);
export const chatGroupInput = z.preprocess(lowerIds, z.object({ groupid: id('validation.chatGroupId') }));
/** mute (block) or unmute a friend of a private chat: spec 1 §4 "mute 0 or 1, toggled by block and unblock" */
export const chatMuteInput = z.preprocess(
  lowerIds,
  z.object({ groupid: id('validation.chatGroupId'), friendid: id('validation.chatFriendId'), mute: flag }),
);
/** `shieldFriend` (defined, unused by the spec's client): the same block, `shield` or `mute` 1 by default */
export const chatShieldInput = z.preprocess(
  (v) => {
    const o = lowerIds(v) as Record<string, unknown> | undefined;
    if (!o || typeof o !== 'object') return o;
    return { ...o, mute: o.mute ?? o.shield ?? 1 };
  },
  z.object({ groupid: id('validation.chatGroupId'), friendid: id('validation.chatFriendId'), mute: flag }),
);

/** the chat socket's `pushMessage` payload (spec 2 §7); msgType 8 with `id` marks the group read */
export const chatPushPayload = z.preprocess(
  lowerIds,
  z.object({
    groupid: id('validation.chatGroupId'),
    msgType: z.coerce.number({ message: 'validation.chatMsgType' }).int({ message: 'validation.chatMsgType' }),
    msgContent: z.preprocess(
      (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
      z.string({ message: 'validation.chatTextLength' }),
    ),
    /** msgType 8: the newest message read */
    id: optionalId('validation.invalid'),
    /** a picture, file, voice or video message: the stored file (the upload calls' `id`) */
    fileId: optionalId('validation.chatFileId'),
  }),
);
/** `getGroupMessage`: a page of a group's messages, newest first, before `beforeId` (none: the newest) */
export const chatGroupMessagePayload = z.preprocess(
  lowerIds,
  z.object({
    groupid: id('validation.chatGroupId'),
    pageSize: z.preprocess(
      (v) => (none(v) ? CHAT_PAGE_SIZE : v),
      z.coerce.number({ message: 'validation.invalid' }).int().min(1).max(CHAT_PAGE_SIZE),
    ),
    beforeId: optionalId('validation.invalid'),
  }),
);
export const chatRemovePayload = z.preprocess(
  lowerIds,
  z.object({ groupid: id('validation.chatGroupId'), id: id('validation.invalid') }),
);
export const chatGroupPayload = chatGroupInput;
/** a client's code for one message: a resend with the same code stores and delivers one message */
export const chatUniqueCode = z
  .string({ message: 'validation.chatUniqueCode' })
  .trim()
  .min(1, { message: 'validation.chatUniqueCode' })
  .max(CHAT_UNIQUE_CODE_MAX, { message: 'validation.chatUniqueCode' });
export const chatTextMax = CHAT_TEXT_MAX;

/**
 * The teacher forbids (1) or allows (0) chat in a course (spec 2 §6): one student by `uid`, or every
 * student without it. Ketangpai's names: `forbid`, `mute` or `status`.
 */
export const chatForbidInput = z.preprocess(
  (v) => {
    const o = lowerIds(v) as Record<string, unknown> | undefined;
    if (!o || typeof o !== 'object') return o;
    return { ...o, uid: o.uid ?? o.userid ?? o.studentid, forbid: o.forbid ?? o.mute ?? o.status ?? 1 };
  },
  z.object({ courseid: id('validation.courseId'), uid: optionalId('validation.chatStudent'), forbid: flag }),
);

/**
 * `/LetterApi/searchMessage` (ours, issue 27): the caller's messages holding `keyword` (or Ketangpai's
 * `key`), trimmed, 1-50 characters; `size` hits a page (1-50, 20 by default), newest first, before
 * `beforeId` (none: the newest).
 */
export const chatSearchInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, keyword: o.keyword ?? o.key, beforeId: o.beforeId ?? o.beforeid };
  },
  z.object({
    keyword: z
      .string({ message: 'validation.chatSearchKeyword' })
      .trim()
      .min(1, { message: 'validation.chatSearchKeyword' })
      .refine((k) => [...k].length <= CHAT_SEARCH_KEYWORD_MAX, { message: 'validation.chatSearchKeyword' }),
    size: z.preprocess(
      (v) => (none(v) ? CHAT_SEARCH_PAGE_SIZE : v),
      z.coerce
        .number({ message: 'validation.chatSearchSize' })
        .int({ message: 'validation.chatSearchSize' })
        .min(1, { message: 'validation.chatSearchSize' })
        .max(CHAT_SEARCH_PAGE_MAX, { message: 'validation.chatSearchSize' }),
    ),
    beforeId: optionalId('validation.invalid'),
  }),
);
