import { CHAT_CHANGE_POST_PERMISSION, CHAT_GROUP_COURSE, type ChatRules } from '@paiclass/shared';
import { and, eq, sql } from 'drizzle-orm';
import { chatControls, chatGroupUsers, chatMutes, courseMembers } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { authorize } from '../courses/courses.queries';
import { isMuted } from '../speak/speak.policy';
import { type ChatGroup, groupMemberIds, manages, requireGroup } from './chat.policy';
import { courseGroup } from './chat.service';
import { rooms } from '../../realtime/rooms';

/**
 * The teacher forbidding chat in a course (spec 2 §6 "the teacher can forbid students from … chatting";
 * issue 27; decision 032). It governs the course's group chat: every student at once (`all_muted`), or one
 * student by their own row, which also lets one student chat while everyone else is forbidden, as the
 * classroom's mute-one and mute-all do (speak.policy `isMuted`). The teacher and assistants are never
 * forbidden. Private chats are the two users' own: each may block the other (`mute`), the teacher does not.
 */

async function rulesOf(ctx: AppContext, courseId: number, groupId: number, userId: number, role: string): Promise<ChatRules> {
  const [controls] = await ctx.db.select().from(chatControls).where(eq(chatControls.courseId, courseId));
  const allMuted = controls?.allMuted ?? false;
  const staff = manages(role);
  const rows = staff
    ? await ctx.db
        .select({ userId: chatMutes.userId, muted: chatMutes.muted })
        .from(chatMutes)
        .where(eq(chatMutes.courseId, courseId))
    : await ctx.db
        .select({ userId: chatMutes.userId, muted: chatMutes.muted })
        .from(chatMutes)
        .where(and(eq(chatMutes.courseId, courseId), eq(chatMutes.userId, userId)));
  const own = rows.find((r) => r.userId === userId)?.muted;
  return {
    courseid: courseId,
    groupid: groupId,
    allforbidden: allMuted ? 1 : 0,
    forbidden: role === 'student' && isMuted(allMuted, own) ? 1 : 0,
    manages: staff ? 1 : 0,
    forbiddenlist: staff ? rows.filter((r) => r.muted).map((r) => r.userId) : [],
    allowedlist: staff ? rows.filter((r) => !r.muted).map((r) => r.userId) : [],
    blocked: 0,
  };
}

/**
 * `/LetterApi/chatRules {groupid}`: whether the caller may send in the group now; the staff also read who is
 * forbidden; in a private chat, whether the caller blocks the other member (`blocked`).
 */
export async function chatRules(ctx: AppContext, user: User, groupId: number): Promise<ChatRules> {
  const group = await requireGroup(ctx, user.id, groupId);
  if (group.kind !== CHAT_GROUP_COURSE) {
    const [own] = await ctx.db
      .select({ mute: chatGroupUsers.mute })
      .from(chatGroupUsers)
      .where(and(eq(chatGroupUsers.groupId, group.id), eq(chatGroupUsers.userId, user.id)));
    return {
      courseid: group.courseId,
      groupid: group.id,
      allforbidden: 0,
      forbidden: 0,
      manages: 0,
      forbiddenlist: [],
      allowedlist: [],
      blocked: own?.mute ? 1 : 0,
    };
  }
  const [m] = await ctx.db
    .select({ role: courseMembers.role })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, group.courseId), eq(courseMembers.userId, user.id)));
  return rulesOf(ctx, group.courseId, group.id, user.id, m?.role ?? 'student');
}

/**
 * `/LetterApi/forbidChat {courseid, uid?, forbid}`: the teacher or an assistant forbids (1) or allows (0)
 * one student (`uid`) or every student the course's group chat. Everyone: clears the students' own rows.
 * The group's members hear `groupChange` (subtype `postPermission`) on the chat socket. Students 40003,
 * strangers 30202, a uid that is not a student of the course: the field `uid`.
 */
export async function forbidChat(ctx: AppContext, user: User, input: { courseid: number; uid?: number; forbid: number }) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  if (!manages(m.role)) throw fail('forbidden');
  const forbid = input.forbid === 1;
  if (input.uid) {
    const [student] = await ctx.db
      .select({ role: courseMembers.role })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, input.courseid), eq(courseMembers.userId, input.uid)));
    if (student?.role !== 'student') throw badField('validation.chatStudent', ['uid']);
  }
  const { groupId } = await courseGroup(ctx, user, input.courseid);
  return inTransaction(ctx, async (t) => {
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-forbid:${input.courseid}`}))`);
    if (!input.uid) {
      await t.db
        .insert(chatControls)
        .values({ courseId: input.courseid, allMuted: forbid, changedBy: user.id })
        .onConflictDoUpdate({
          target: chatControls.courseId,
          set: { allMuted: forbid, changedBy: user.id, changedAt: new Date() },
        });
      await t.db.delete(chatMutes).where(eq(chatMutes.courseId, input.courseid));
    } else {
      await t.db
        .insert(chatMutes)
        .values({ courseId: input.courseid, userId: input.uid, muted: forbid, changedBy: user.id })
        .onConflictDoUpdate({
          target: [chatMutes.courseId, chatMutes.userId],
          set: { muted: forbid, changedBy: user.id, changedAt: new Date() },
        });
    }
    const rules = await rulesOf(t, input.courseid, groupId, user.id, m.role);
    const group = { id: groupId, kind: CHAT_GROUP_COURSE, courseId: input.courseid } as ChatGroup;
    const members = await groupMemberIds(t, group);
    const change = {
      groupId,
      courseid: input.courseid,
      subtype: CHAT_CHANGE_POST_PERMISSION,
      uid: input.uid ?? 0,
      forbid: forbid ? 1 : 0,
      allforbidden: rules.allforbidden,
    };
    await t.realtime.publishMany(members.map((uid) => ({ room: rooms.chat(uid), cmd: 'groupChange', data: change })));
    return rules;
  });
}
