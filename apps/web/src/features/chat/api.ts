import { CHAT_SEARCH_PAGE_SIZE, type ChatMessage, chatCalls } from '@paiclass/shared';
import { call } from '../../lib/api';

/** The chat calls of docs/api.md (issue 27), typed. Messages themselves go by the chat socket (chatSocket.ts). */
export const chatApi = {
  imToken: () => call(chatCalls.getIMToken, {}),
  sessions: () => call(chatCalls.getMsgList, {}),
  courses: () => call(chatCalls.courseList, {}),
  team: (courseid: number) => call(chatCalls.teachTeam, { courseid }),
  friends: (courseid: number) => call(chatCalls.friendList, { courseid }),
  open: (friendid: number, courseid: number) => call(chatCalls.open, { friendid, courseid }),
  courseGroup: (courseid: number) => call(chatCalls.createGroup, { courseid }),
  history: (body: { friendid?: number; groupid?: number; page: number }) => call(chatCalls.history, body),
  deleteSession: (groupid: number) => call(chatCalls.deleteSession, { groupid }),
  mute: (groupid: number, friendid: number, mute: 0 | 1) => call(chatCalls.mute, { groupid, friendid, mute }),
  rules: (groupid: number) => call(chatCalls.chatRules, { groupid }),
  forbid: (courseid: number, forbid: 0 | 1, uid?: number) =>
    call(chatCalls.forbidChat, { courseid, forbid, ...(uid ? { uid } : {}) }),
  search: (keyword: string, beforeId?: number) =>
    call(chatCalls.searchMessage, { keyword, size: CHAT_SEARCH_PAGE_SIZE, ...(beforeId ? { beforeId } : {}) }),
};

export const chatKeys = {
  sessions: ['chat', 'sessions'] as const,
  courses: ['chat', 'courses'] as const,
  team: (courseId: number) => ['chat', 'team', courseId] as const,
  friends: (courseId: number) => ['chat', 'friends', courseId] as const,
  history: (key: string) => ['chat', 'history', key] as const,
  rules: (groupId: number) => ['chat', 'rules', groupId] as const,
  search: (keyword: string) => ['chat', 'search', keyword] as const,
};

/** The chat page's address for a session or a search hit (spec 1 §2 `/chat?groupId&friendid&coursename`). */
export function chatPath(s: { groupId: number; friendid?: number; coursename: string; name: string }) {
  return `/chat?groupId=${s.groupId}${s.friendid ? `&friendid=${s.friendid}` : ''}&coursename=${encodeURIComponent(s.coursename)}&name=${encodeURIComponent(s.name)}`;
}

/**
 * An excerpt cut where `keyword` occurs (any case), for the search page to mark each occurrence:
 * `[text, matched]` pairs in order.
 */
export function highlightParts(text: string, keyword: string): [string, boolean][] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [[text, false]];
  const lower = text.toLowerCase();
  // a lower-case form of another length (rare letters) cannot be cut by its positions: shown unmarked
  if (lower.length !== text.length) return [[text, false]];
  const parts: [string, boolean][] = [];
  let from = 0;
  for (let at = lower.indexOf(k); at >= 0; at = lower.indexOf(k, at + k.length)) {
    if (at > from) parts.push([text.slice(from, at), false]);
    parts.push([text.slice(at, at + k.length), true]);
    from = at + k.length;
  }
  if (from < text.length) parts.push([text.slice(from), false]);
  return parts;
}

/** A message as the chat page shows it: the server's, or one of ours still sending or failed (spec 1 §4 msgtatus). */
export type ShownMessage = ChatMessage & {
  local?: boolean;
  /** a picture, file, voice or video of ours: its uploaded file (to send again), or its upload's progress 0-1 */
  fileId?: number;
  progress?: number;
};

/**
 * The page's messages once `incoming` arrived from the socket: our own still sending (same uniqueCode)
 * becomes the stored one in its place; one already shown is not shown again. The history may have
 * brought the stored message before its answer came (a page loaded while it was sending): that copy
 * goes, so the message shows once, where it was sent.
 */
export function withIncoming(now: ShownMessage[], incoming: ChatMessage, me: number): ShownMessage[] {
  const mine = now.findIndex((m) => m.local && m.uniqueCode === incoming.uniqueCode && incoming.fromUid === me);
  if (mine >= 0) return now.flatMap((m, i) => (i === mine ? [{ ...incoming }] : !m.local && m.id === incoming.id ? [] : [m]));
  if (now.some((m) => !m.local && m.id === incoming.id)) return now;
  return [...now, incoming];
}
