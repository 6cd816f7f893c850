import {
  CHAT_GROUP_COURSE,
  CHAT_GROUP_PRIVATE,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_EVENT_READ,
  CHAT_MEDIA_TYPES,
  CHAT_MSG_AUDIO,
  CHAT_MSG_IMAGE,
  CHAT_MSG_READ,
  CHAT_MSG_RECALL,
  CHAT_MSG_TEXT,
  CHAT_MSG_VIDEO,
  CHAT_PAGE_SIZE,
  CHAT_RECALL_MS,
  CHAT_STATUS_SENT,
  CHAT_TEXT_MAX,
  type ChatMessage,
  type ChatSession,
  chatMsgTypeOf,
} from '@paiclass/shared';
import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { chatGroups, chatGroupUsers, chatMessages, courseMembers, courses, files, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';
import { authorize } from '../courses/courses.queries';
import { signedUrl } from '../files/files.service';
import { type ChatGroup, groupMemberIds, readableGroups, refuseBanned, requireGroup, shareACourse } from './chat.policy';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

// ---------------------------------------------------------------- groups

/**
 * `/LetterApi/open`: the private chat between the caller and a member of a course they share, made on
 * first use (one per pair). Refuses a chat with oneself (31601) and a friend outside the course (31605).
 */
export async function openPrivate(ctx: AppContext, user: User, friendId: number, courseId: number) {
  if (friendId === user.id) throw fail('chatSelf');
  const m = await authorize(ctx, user, courseId, 'view');
  const [friend] = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, friendId)));
  if (!friend) throw fail('chatNoSharedCourse');
  const pairKey = `${Math.min(user.id, friendId)}:${Math.max(user.id, friendId)}`;
  // concurrent opens by both users make one group: the pair's unique key decides
  await ctx.db.insert(chatGroups).values({ kind: CHAT_GROUP_PRIVATE, courseId, pairKey }).onConflictDoNothing();
  const [group] = await ctx.db.select().from(chatGroups).where(eq(chatGroups.pairKey, pairKey));
  await ctx.db
    .insert(chatGroupUsers)
    .values([
      { groupId: group!.id, userId: user.id },
      { groupId: group!.id, userId: friendId },
    ])
    .onConflictDoNothing();
  return { groupId: group!.id, coursename: m.course.coursename, name: friend.username, friendid: friendId };
}

/** `/LetterApi/createGroup`: the course's group chat (made on first use); its members are the course's. */
export async function courseGroup(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  await ctx.db.insert(chatGroups).values({ kind: CHAT_GROUP_COURSE, courseId }).onConflictDoNothing();
  const [group] = await ctx.db
    .select({ id: chatGroups.id })
    .from(chatGroups)
    .where(and(eq(chatGroups.courseId, courseId), eq(chatGroups.kind, CHAT_GROUP_COURSE)));
  return { groupId: group!.id, coursename: m.course.coursename, name: m.course.coursename, friendid: 0 };
}

interface SessionRow extends Record<string, unknown> {
  id: number;
  kind: number;
  course_id: number;
  coursename: string;
  mute: boolean;
  unread: number;
  teacher_msg_id: number | null;
  last_id: number | null;
  last_time: string | Date | null;
  last_from: number | null;
  last_type: number | null;
  last_content: string | null;
  friend_id: number | null;
  friend_name: string | null;
  friend_avatar: string | null;
}

/**
 * `/LetterApi/getMsgList`: the caller's sessions, newest message first, each with its last message and
 * unread count (messages of others after what the caller read, and after they joined a course's group);
 * a deleted session shows again once a newer message arrives. A course group also names the newest
 * unread message its teacher (the course's owner, as of now) posted, not recalled: the list marks it
 * until it is read (issue 27). One query.
 */
export async function sessionList(ctx: AppContext, user: User): Promise<{ list: ChatSession[]; unread: number }> {
  const u = user.id;
  const result = await ctx.db.execute(sql`
    with g as (${readableGroups(u)})
    select g.id, g.kind, g.course_id, c.coursename, g.mute,
           (select count(*)::int from ${chatMessages} m
             where m.group_id = g.id and m.id > greatest(g.last_read_id, g.deleted_up_to) and m.from_uid <> ${u}
               and (g.joined_at is null or m.created_at >= g.joined_at)) as unread,
           (select max(m.id) from ${chatMessages} m
              join ${courseMembers} t on t.course_id = g.course_id and t.user_id = m.from_uid and t.role = 'owner'
             where g.kind = ${CHAT_GROUP_COURSE} and m.group_id = g.id and m.msg_type <> ${CHAT_MSG_RECALL}
               and m.id > greatest(g.last_read_id, g.deleted_up_to) and m.from_uid <> ${u}
               and (g.joined_at is null or m.created_at >= g.joined_at)) as teacher_msg_id,
           last.id as last_id, last.created_at as last_time, last.from_uid as last_from, last.msg_type as last_type,
           last.msg_content as last_content,
           friend.id as friend_id, friend.username as friend_name, friend.avatar as friend_avatar
      from g join ${courses} c on c.id = g.course_id
      left join lateral (
        select m.id, m.created_at, m.from_uid, m.msg_type, m.msg_content from ${chatMessages} m
         where m.group_id = g.id order by m.id desc limit 1
      ) last on true
      left join lateral (
        select fu.id, fu.username, fu.avatar from ${chatGroupUsers} o join ${users} fu on fu.id = o.user_id
         where g.kind = ${CHAT_GROUP_PRIVATE} and o.group_id = g.id and o.user_id <> ${u} limit 1
      ) friend on true
     where coalesce(last.id, 0) > g.deleted_up_to
     order by coalesce(last.id, 0) desc, g.id desc`);
  const rows = (result as unknown as { rows: SessionRow[] }).rows;
  const list = rows.map((r): ChatSession => {
    const friend = r.friend_id
      ? { friendId: Number(r.friend_id), friendUsername: r.friend_name ?? '', friendAvatar: r.friend_avatar ?? '' }
      : null;
    return {
      group: {
        id: Number(r.id),
        name: friend ? friend.friendUsername : r.coursename,
        avatar: friend ? friend.friendAvatar : '',
        remark: r.coursename,
        type: Number(r.kind),
        courseid: Number(r.course_id),
      },
      lastMsg:
        r.last_id === null
          ? null
          : {
              id: Number(r.last_id),
              createTime: seconds(new Date(r.last_time as string)),
              fromUid: Number(r.last_from),
              msgType: Number(r.last_type),
              msgContent: r.last_content ?? '',
            },
      groupUser: { unReadCount: Number(r.unread), mute: r.mute ? 1 : 0, teacherMsgId: Number(r.teacher_msg_id ?? 0) },
      friend,
      systemUid: 0,
    };
  });
  return { list, unread: list.reduce((sum, s) => sum + s.groupUser.unReadCount, 0) };
}

/** A row of the caller's own state of a group, made when first needed (a course group has none until then). */
async function ensureOwnRow(ctx: AppContext, groupId: number, userId: number) {
  await ctx.db.insert(chatGroupUsers).values({ groupId, userId }).onConflictDoNothing();
}

async function lastMessageId(ctx: AppContext, groupId: number) {
  const [row] = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.groupId, groupId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row?.id ?? 0;
}

/** `/Instantmessaging/OperateApi/deleteSession`: hides the session (and its unread) until a newer message arrives. */
export async function deleteSession(ctx: AppContext, user: User, groupId: number) {
  await requireGroup(ctx, user.id, groupId);
  const last = await lastMessageId(ctx, groupId);
  await ensureOwnRow(ctx, groupId, user.id);
  await ctx.db
    .update(chatGroupUsers)
    .set({ deletedUpTo: last, lastReadId: sql`greatest(${chatGroupUsers.lastReadId}, ${last})` })
    .where(and(eq(chatGroupUsers.groupId, groupId), eq(chatGroupUsers.userId, user.id)));
  return { groupid: groupId };
}

/**
 * `mute` and `shieldFriend`: the caller blocks (1) or unblocks (0) the other member of a private chat;
 * a blocked member's messages are refused (201, "the other party has refused"). Refuses oneself (31601)
 * and anyone who is not the other member of the caller's private chat (31604).
 */
export async function setMute(ctx: AppContext, user: User, input: { groupid: number; friendid: number; mute: number }) {
  if (input.friendid === user.id) throw fail('chatSelf');
  const group = await requireGroup(ctx, user.id, input.groupid);
  if (group.kind !== CHAT_GROUP_PRIVATE || !group.pairKey?.split(':').map(Number).includes(input.friendid))
    throw fail('chatNotMember');
  await ctx.db
    .update(chatGroupUsers)
    .set({ mute: input.mute === 1 })
    .where(and(eq(chatGroupUsers.groupId, group.id), eq(chatGroupUsers.userId, user.id)));
  return { groupid: group.id, friendid: input.friendid, mute: input.mute };
}

// ---------------------------------------------------------------- messages

type MessageRow = typeof chatMessages.$inferSelect & {
  fromName: string | null;
  avatar: string | null;
  fileSize: number | null;
};

const messageColumns = {
  id: chatMessages.id,
  groupId: chatMessages.groupId,
  fromUid: chatMessages.fromUid,
  msgType: chatMessages.msgType,
  msgContent: chatMessages.msgContent,
  fileUrl: chatMessages.fileUrl,
  fileId: chatMessages.fileId,
  uniqueCode: chatMessages.uniqueCode,
  createdAt: chatMessages.createdAt,
  fromName: users.username,
  avatar: users.avatar,
  fileSize: files.size,
};

/** A media message's file address: a signed grant, bound to the reader and made absolute on its way out (HTTP answer or chat socket). */
const fileAddress = (ctx: AppContext, r: Pick<MessageRow, 'fileId' | 'msgType'>) =>
  r.fileId && r.msgType !== CHAT_MSG_RECALL ? signedUrl(ctx.secret, r.fileId, false) : '';

/** A picture message's thumbnail address (files/thumbs.ts): its file's address asking for the small copy. */
const thumbAddress = (url: string, msgType: number) => (url && msgType === CHAT_MSG_IMAGE ? `${url}&thumb=1` : '');

export function presentMessage(ctx: AppContext, r: MessageRow): ChatMessage {
  const fileUrl = fileAddress(ctx, r);
  return {
    id: r.id,
    groupId: r.groupId,
    fromUid: r.fromUid,
    fromName: r.fromName ?? '',
    avatar: r.avatar ?? '',
    msgType: r.msgType,
    msgContent: r.msgContent,
    fileUrl,
    thumbUrl: thumbAddress(fileUrl, r.msgType),
    fileSize: r.fileId && r.msgType !== CHAT_MSG_RECALL ? (r.fileSize ?? 0) : 0,
    createTime: seconds(r.createdAt),
    uniqueCode: r.uniqueCode,
    msgtatus: CHAT_STATUS_SENT,
  };
}

/**
 * The file of a picture, file, voice or video message: one of the sender's own uploads (31609 otherwise,
 * nobody sends someone else's file by its id), of the message's family (31610: a picture message
 * carries an image, voice audio, video a video; a file message anything), a picture at most 5 MB.
 */
async function mediaFile(ctx: AppContext, user: User, msgType: number, fileId: number | undefined) {
  if (!fileId) throw badField('validation.chatFileId', ['fileId']);
  const [file] = await ctx.db
    .select({ id: files.id, name: files.name, size: files.size, mime: files.mime })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, user.id)));
  if (!file) throw fail('chatFileMissing');
  const family = chatMsgTypeOf(file.mime);
  if ((msgType === CHAT_MSG_IMAGE || msgType === CHAT_MSG_AUDIO || msgType === CHAT_MSG_VIDEO) && family !== msgType)
    throw fail('chatFileKind');
  if (msgType === CHAT_MSG_IMAGE && file.size > CHAT_IMAGE_MAX_BYTES) throw new AppError('tooLarge', 'errors.imageTooLarge');
  return file;
}

/** What the chat socket's rooms carry: one room per user (realtime/rooms.ts `chat`), so a message reaches exactly the group's members of the moment. */
async function publishToGroup(ctx: AppContext, group: ChatGroup, requestType: string, data: unknown) {
  const members = await groupMemberIds(ctx, group);
  await ctx.realtime.publishMany(members.map((uid) => ({ room: rooms.chat(uid), cmd: requestType, data })));
}

/**
 * The chat socket's `pushMessage`: stores the message, then publishes it to every member of the group
 * on every instance, and answers it; the caller acknowledges only after this resolves, so an
 * acknowledged message is stored and delivered (or waiting for its members' cursors). A resend with
 * the same `uniqueCode` stores nothing new: it answers the stored message and publishes it again (the
 * client keeps one per id), so that a message whose first publish was lost with its instance still arrives.
 * Refuses: empty text after trimming (31602), a group the caller is not in (31604), a blocked sender
 * (31603), a private chat whose two users no longer share a course (31605).
 */
export async function sendMessage(
  ctx: AppContext,
  user: User,
  input: { groupid: number; msgType: number; msgContent: string; fileId?: number },
  uniqueCode: string,
) {
  const media = (CHAT_MEDIA_TYPES as readonly number[]).includes(input.msgType);
  if (input.msgType !== CHAT_MSG_TEXT && !media) throw badField('validation.chatMsgType', ['msgType']);
  // a media message's text is its file's name, as stored (the client's is not trusted)
  const file = media ? await mediaFile(ctx, user, input.msgType, input.fileId) : undefined;
  const text = file ? file.name.slice(0, CHAT_TEXT_MAX) : input.msgContent.trim();
  if (!text) throw fail('chatEmpty');
  if ([...text].length > CHAT_TEXT_MAX) throw badField('validation.chatTextLength', ['msgContent']);
  const group = await requireGroup(ctx, user.id, input.groupid);
  await refuseBanned(ctx, group, user.id);
  if (group.kind === CHAT_GROUP_PRIVATE) {
    const [other] = await ctx.db
      .select({ userId: chatGroupUsers.userId, mute: chatGroupUsers.mute })
      .from(chatGroupUsers)
      .where(and(eq(chatGroupUsers.groupId, group.id), ne(chatGroupUsers.userId, user.id)));
    if (!other) throw fail('chatNotMember');
    if (other.mute) throw fail('chatRefused');
    if (!(await shareACourse(ctx, user.id, other.userId))) throw fail('chatNoSharedCourse');
  }
  const [inserted] = await ctx.db
    .insert(chatMessages)
    .values({
      groupId: group.id,
      fromUid: user.id,
      msgType: input.msgType,
      msgContent: text,
      fileId: file?.id ?? null,
      uniqueCode,
    })
    .onConflictDoNothing()
    .returning();
  let row: MessageRow;
  if (inserted) row = { ...inserted, fromName: user.username, avatar: user.avatar, fileSize: file?.size ?? null };
  else {
    const [stored] = await ctx.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.fromUid))
      .leftJoin(files, eq(files.id, chatMessages.fileId))
      .where(and(eq(chatMessages.fromUid, user.id), eq(chatMessages.uniqueCode, uniqueCode)));
    // the same code in another group is another message's: refused rather than answered as this one
    if (!stored || stored.groupId !== group.id) throw badField('validation.chatUniqueCode', ['uniqueCode']);
    row = stored;
  }
  // the sender has read what they sent
  await ensureOwnRow(ctx, group.id, user.id);
  await ctx.db
    .update(chatGroupUsers)
    .set({ lastReadId: sql`greatest(${chatGroupUsers.lastReadId}, ${row.id})` })
    .where(and(eq(chatGroupUsers.groupId, group.id), eq(chatGroupUsers.userId, user.id)));
  const message = presentMessage(ctx, row);
  await publishToGroup(ctx, group, 'pushMessage', message);
  return { message, duplicate: !inserted };
}

/**
 * msgType 8: the caller has read the group up to `id` (never beyond its newest message). In a private
 * chat, when that moves the caller's read mark on, the other member hears `readMessage {groupId, uid,
 * id, msgType 8}` (read receipts, issue 27); a course group's readers are told to nobody.
 */
export async function markRead(ctx: AppContext, user: User, groupId: number, upTo?: number) {
  const group = await requireGroup(ctx, user.id, groupId);
  const last = await lastMessageId(ctx, groupId);
  const id = Math.min(upTo ?? last, last);
  await ensureOwnRow(ctx, groupId, user.id);
  const advanced = await ctx.db
    .update(chatGroupUsers)
    .set({ lastReadId: id })
    .where(and(eq(chatGroupUsers.groupId, groupId), eq(chatGroupUsers.userId, user.id), lt(chatGroupUsers.lastReadId, id)))
    .returning({ id: chatGroupUsers.lastReadId });
  if (advanced.length > 0 && group.kind === CHAT_GROUP_PRIVATE) {
    const others = (await groupMemberIds(ctx, group)).filter((uid) => uid !== user.id);
    const data = { groupId, uid: user.id, id, msgType: CHAT_MSG_READ };
    await ctx.realtime.publishMany(others.map((uid) => ({ room: rooms.chat(uid), cmd: CHAT_EVENT_READ, data })));
  }
  return { groupId, id };
}

/** A private chat's read receipt: the newest message id its other member has read (0: none, or a course group). */
async function readByOther(ctx: AppContext, group: ChatGroup, userId: number) {
  if (group.kind !== CHAT_GROUP_PRIVATE) return 0;
  const [other] = await ctx.db
    .select({ lastReadId: chatGroupUsers.lastReadId })
    .from(chatGroupUsers)
    .where(and(eq(chatGroupUsers.groupId, group.id), ne(chatGroupUsers.userId, userId)));
  return other?.lastReadId ?? 0;
}

/** `getGroupMessage`: a page of the group's messages (at most 50), newest first, before `beforeId`. */
export async function groupMessages(ctx: AppContext, user: User, groupId: number, pageSize: number, beforeId?: number) {
  await requireGroup(ctx, user.id, groupId);
  const rows = await ctx.db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.fromUid))
    .leftJoin(files, eq(files.id, chatMessages.fileId))
    .where(and(eq(chatMessages.groupId, groupId), beforeId ? lt(chatMessages.id, beforeId) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(Math.min(pageSize, CHAT_PAGE_SIZE) + 1);
  return {
    groupId,
    list: rows.slice(0, pageSize).map((r) => presentMessage(ctx, r)),
    more: rows.length > pageSize,
  };
}

/** `getGroupUserList`: the group's members, each with whether the caller blocks them (`mute`). */
export async function groupUserList(ctx: AppContext, user: User, groupId: number) {
  const group = await requireGroup(ctx, user.id, groupId);
  const ids = await groupMemberIds(ctx, group);
  if (ids.length === 0) return { groupId, list: [] };
  const [people, own] = await Promise.all([
    ctx.db.select({ uid: users.id, username: users.username, avatar: users.avatar }).from(users).where(inArray(users.id, ids)),
    ctx.db
      .select({ mute: chatGroupUsers.mute })
      .from(chatGroupUsers)
      .where(and(eq(chatGroupUsers.groupId, groupId), eq(chatGroupUsers.userId, user.id))),
  ]);
  const blocks = group.kind === CHAT_GROUP_PRIVATE && own[0]?.mute;
  return {
    groupId,
    list: people.map((p) => ({ ...p, mute: blocks && p.uid !== user.id ? 1 : 0 })),
  };
}

/** `removeMessage`: the sender recalls a message within 2 minutes (31606); its members hear `removeMessage`. */
export async function recallMessage(ctx: AppContext, user: User, groupId: number, id: number) {
  const group = await requireGroup(ctx, user.id, groupId);
  const [updated] = await ctx.db
    .update(chatMessages)
    .set({ msgType: CHAT_MSG_RECALL, msgContent: '', fileUrl: '', fileId: null })
    .where(
      and(
        eq(chatMessages.id, id),
        eq(chatMessages.groupId, groupId),
        eq(chatMessages.fromUid, user.id),
        sql`${chatMessages.createdAt} > now() - ${`${CHAT_RECALL_MS} milliseconds`}::interval`,
      ),
    )
    .returning({ id: chatMessages.id });
  if (!updated) throw fail('chatRecallLate');
  const data = { groupId, id, msgType: CHAT_MSG_RECALL };
  await publishToGroup(ctx, group, 'removeMessage', data);
  return data;
}

/**
 * `/LetterApi/history`: read-only, 50 a page, newest first; by group or by the friend of a private chat.
 * A private chat also answers how far its other member has read (`readUpTo`, the read receipts after a reload).
 */
export async function history(ctx: AppContext, user: User, input: { friendid?: number; groupid?: number; page: number }) {
  let groupId = input.groupid;
  if (!groupId) {
    const pairKey = `${Math.min(user.id, input.friendid!)}:${Math.max(user.id, input.friendid!)}`;
    const [g] = await ctx.db.select({ id: chatGroups.id }).from(chatGroups).where(eq(chatGroups.pairKey, pairKey));
    if (!g) throw fail('chatNotMember');
    groupId = g.id;
  }
  const group = await requireGroup(ctx, user.id, groupId);
  const [rows, [total], readUpTo] = await Promise.all([
    ctx.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.fromUid))
      .leftJoin(files, eq(files.id, chatMessages.fileId))
      .where(eq(chatMessages.groupId, groupId))
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_PAGE_SIZE)
      .offset((input.page - 1) * CHAT_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.groupId, groupId)),
    readByOther(ctx, group, user.id),
  ]);
  return {
    groupId,
    type: group.kind,
    readUpTo,
    page: input.page,
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      createtime: seconds(r.createdAt),
      avatar: r.avatar ?? '',
      fromUid: r.fromUid,
      username: r.fromName ?? '',
      content: { msgtype: r.msgType, content: r.msgContent, attachment: attachmentOf(ctx, r) },
    })),
  };
}

/** A history message's attachment (spec 1 §3): the file of a picture, file, voice or video message, else null. */
function attachmentOf(ctx: AppContext, r: MessageRow) {
  const url = fileAddress(ctx, r);
  if (!url) return null;
  const audio = r.msgType === CHAT_MSG_AUDIO;
  const video = r.msgType === CHAT_MSG_VIDEO;
  const pic = r.msgType === CHAT_MSG_IMAGE;
  return {
    isPic: pic ? 1 : 0,
    src: pic ? url : '',
    thumb_src: thumbAddress(url, r.msgType),
    name: r.msgContent,
    size: r.fileSize ?? 0,
    url,
    duration: 0,
    playurl: audio || video ? url : '',
    isAudio: audio ? 1 : 0,
    isVideo: video ? 1 : 0,
    title: r.msgContent,
    tips: '',
  };
}
