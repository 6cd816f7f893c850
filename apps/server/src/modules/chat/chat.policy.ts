import { CHAT_GROUP_COURSE, CHAT_GROUP_PRIVATE } from '@paiclass/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chatControls, chatGroups, chatGroupUsers, chatMutes, courseMembers, courses } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { closedToStudent, type CourseRole } from '../courses/courses.policy';
import { isMuted } from '../speak/speak.policy';

/**
 * Who is in a chat (issue 27, decision 028). A private chat: its two users (a `chat_group_users` row
 * each). A course's group: the course's members of the moment, in a live course they may still visit.
 * Nobody reads or writes a chat they are not in; a group that is not the caller's is refused exactly
 * as a missing one (31604), so nobody learns which groups exist.
 */

export type ChatGroup = typeof chatGroups.$inferSelect;

/** The group if the user is in it, else undefined (one query). */
export async function groupIfMember(ctx: AppContext, userId: number, groupId: number) {
  const [row] = await ctx.db
    .select({
      group: chatGroups,
      privateMember: chatGroupUsers.userId,
      role: courseMembers.role,
      classending: courses.classending,
      canvisit: courses.canvisit,
      deletedAt: courses.deletedAt,
      joinedAt: courseMembers.joinedAt,
    })
    .from(chatGroups)
    .innerJoin(courses, eq(courses.id, chatGroups.courseId))
    .leftJoin(chatGroupUsers, and(eq(chatGroupUsers.groupId, chatGroups.id), eq(chatGroupUsers.userId, userId)))
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, chatGroups.courseId), eq(courseMembers.userId, userId)))
    .where(eq(chatGroups.id, groupId));
  if (!row) return undefined;
  if (row.group.kind === CHAT_GROUP_PRIVATE) return row.privateMember ? row.group : undefined;
  if (row.deletedAt || !row.role) return undefined;
  if (closedToStudent(row.role as CourseRole, row)) return undefined;
  return row.group;
}

/** The group the user is in, or 31604. */
export async function requireGroup(ctx: AppContext, userId: number, groupId: number) {
  const group = await groupIfMember(ctx, userId, groupId);
  if (!group) throw fail('chatNotMember');
  return group;
}

/** The users of a group now: who a message is delivered to. */
export async function groupMemberIds(ctx: AppContext, group: ChatGroup): Promise<number[]> {
  if (group.kind === CHAT_GROUP_PRIVATE) {
    const rows = await ctx.db
      .select({ userId: chatGroupUsers.userId })
      .from(chatGroupUsers)
      .where(eq(chatGroupUsers.groupId, group.id));
    return rows.map((r) => r.userId);
  }
  const rows = await ctx.db
    .select({
      userId: courseMembers.userId,
      role: courseMembers.role,
      classending: courses.classending,
      canvisit: courses.canvisit,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.courseId, group.courseId), isNull(courses.deletedAt)));
  return rows.filter((r) => !closedToStudent(r.role as CourseRole, r)).map((r) => r.userId);
}

/** True when the two users are both members of at least one live course (a private chat's condition). */
export async function shareACourse(ctx: AppContext, a: number, b: number, courseId?: number) {
  const mine = ctx.db.select({ courseId: courseMembers.courseId }).from(courseMembers).where(eq(courseMembers.userId, a));
  const [row] = await ctx.db
    .select({ courseId: courseMembers.courseId })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(
      and(
        eq(courseMembers.userId, b),
        inArray(courseMembers.courseId, mine),
        isNull(courses.deletedAt),
        courseId ? eq(courseMembers.courseId, courseId) : sql`true`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The chats a user may read now, with their own state of each, as one SQL select (`id, kind, course_id,
 * last_read_id, deleted_up_to, mute, joined_at`): their private chats, and the group of each live course
 * they are a member of and may still visit (`groupIfMember`, for many groups at once).
 */
export function readableGroups(u: number) {
  return sql`
      select cg.id, cg.kind, cg.course_id, gu.last_read_id, gu.deleted_up_to, gu.mute, null::timestamptz as joined_at
        from ${chatGroups} cg join ${chatGroupUsers} gu on gu.group_id = cg.id and gu.user_id = ${u}
        join ${courses} c on c.id = cg.course_id
       where cg.kind = ${CHAT_GROUP_PRIVATE}
      union all
      select cg.id, cg.kind, cg.course_id, coalesce(gu.last_read_id, 0), coalesce(gu.deleted_up_to, -1), coalesce(gu.mute, false), cm.joined_at
        from ${chatGroups} cg join ${courseMembers} cm on cm.course_id = cg.course_id and cm.user_id = ${u}
        join ${courses} c on c.id = cg.course_id and c.deleted_at is null
        left join ${chatGroupUsers} gu on gu.group_id = cg.id and gu.user_id = ${u}
       where cg.kind = ${CHAT_GROUP_COURSE}
         and not (cm.role = 'student' and c.classending = 1 and c.canvisit = 0)`;
}

export const isCourseGroup = (g: ChatGroup) => g.kind === CHAT_GROUP_COURSE;

// ---------------------------------------------------------------- the teacher's forbidding (chat-bans.ts)

/** The teacher and assistants forbid and allow. */
export const manages = (role: string | null | undefined) => role === 'owner' || role === 'assistant';

/** The refusal for a student who may not send in the course's group chat now, or undefined. */
export async function chatBanRefusal(ctx: AppContext, courseId: number, userId: number) {
  const [row] = await ctx.db
    .select({ role: courseMembers.role, allMuted: chatControls.allMuted, own: chatMutes.muted })
    .from(courseMembers)
    .leftJoin(chatControls, eq(chatControls.courseId, courseMembers.courseId))
    .leftJoin(chatMutes, and(eq(chatMutes.courseId, courseMembers.courseId), eq(chatMutes.userId, courseMembers.userId)))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  if (row?.role !== 'student') return undefined;
  const own = row.own ?? undefined;
  if (!isMuted(row.allMuted ?? false, own)) return undefined;
  return own === true ? ('chatForbidden' as const) : ('chatAllForbidden' as const);
}

/** Refuses (31607 alone, 31608 with everyone) a forbidden student in the course's group chat. */
export async function refuseBanned(ctx: AppContext, group: ChatGroup, userId: number) {
  if (group.kind !== CHAT_GROUP_COURSE) return;
  const refusal = await chatBanRefusal(ctx, group.courseId, userId);
  if (refusal) throw fail(refusal);
}
