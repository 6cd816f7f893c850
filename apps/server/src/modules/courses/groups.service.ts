import type { groupSetInput } from '@paiclass/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { courseMembers, groupMembers, groupSets, groups, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badInput, fail } from '../../platform/errors';
import { can, studentMayChooseGroup, studentMayCreateGroup } from './courses.policy';
import { authorize } from './courses.queries';
import { bit } from './presenters';

type GroupSetFields = Omit<z.infer<typeof groupSetInput>, 'courseid'>;

// in a fixed grouping the teacher assigns everyone, so students never create groups there
const setValues = (f: GroupSetFields) => ({
  title: f.title,
  type: f.type,
  membercap: f.membercap,
  groupcap: f.groupcap,
  allowcreate: f.type !== 1 && f.allowcreate === 1,
});
const presentSet = (s: typeof groupSets.$inferSelect) => ({
  id: s.id,
  title: s.title,
  type: s.type as 1 | 2 | 3,
  membercap: s.membercap,
  groupcap: s.groupcap,
  allowcreate: bit(s.allowcreate),
  createtime: Math.floor(s.createdAt.getTime() / 1000),
});

async function setOf(db: Db, courseId: number, setId: number) {
  const [set] = await db
    .select()
    .from(groupSets)
    .where(and(eq(groupSets.id, setId), eq(groupSets.courseId, courseId)));
  if (!set) throw fail('notFound');
  return set;
}

/** A group of this course, with its grouping; "not found" for another course's group. */
async function groupOf(db: Db, courseId: number, groupId: number) {
  const [row] = await db
    .select({ group: groups, set: groupSets })
    .from(groups)
    .innerJoin(groupSets, eq(groupSets.id, groups.setId))
    .where(and(eq(groups.id, groupId), eq(groupSets.courseId, courseId)));
  if (!row) throw fail('notFound');
  return row;
}

const lock = (db: Db, setId: number) => db.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups:${setId}`}))`);

async function memberCount(db: Db, groupId: number) {
  const [row] = await db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

export async function listGroupSets(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const rows = await ctx.db.select().from(groupSets).where(eq(groupSets.courseId, courseId)).orderBy(asc(groupSets.id));
  return rows.map(presentSet);
}

export async function addGroupSet(ctx: AppContext, user: User, courseId: number, fields: GroupSetFields) {
  await authorize(ctx, user, courseId, 'manageGroups');
  const [row] = await ctx.db
    .insert(groupSets)
    .values({ courseId, ...setValues(fields) })
    .returning();
  return presentSet(row!);
}

export async function editGroupSet(ctx: AppContext, user: User, courseId: number, id: number, fields: GroupSetFields) {
  await authorize(ctx, user, courseId, 'manageGroups');
  await setOf(ctx.db, courseId, id);
  const [row] = await ctx.db.update(groupSets).set(setValues(fields)).where(eq(groupSets.id, id)).returning();
  return presentSet(row!);
}

export async function deleteGroupSet(ctx: AppContext, user: User, courseId: number, id: number) {
  await authorize(ctx, user, courseId, 'manageGroups');
  await setOf(ctx.db, courseId, id);
  await ctx.db.delete(groupSets).where(eq(groupSets.id, id));
  return {};
}

/** A grouping with its groups and members, the students in no group, and what the caller may do. */
export async function groupSetInfo(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  const set = await setOf(ctx.db, courseId, id);
  const rows = await ctx.db.select().from(groups).where(eq(groups.setId, id)).orderBy(asc(groups.id));
  const members = await ctx.db
    .select({ groupId: groupMembers.groupId, uid: users.id, username: users.username, avatar: users.avatar })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.setId, id))
    .orderBy(asc(users.id));
  const grouped = new Set(members.map((x) => x.uid));
  const students = await ctx.db
    .select({ uid: users.id, username: users.username, avatar: users.avatar })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')))
    .orderBy(asc(users.id));
  const mine = members.find((x) => x.uid === user.id)?.groupId ?? 0;
  return {
    ...presentSet(set),
    groups: rows.map((g) => ({
      id: g.id,
      name: g.name,
      leader: g.leaderId ?? 0,
      members: members.filter((x) => x.groupId === g.id).map(({ uid, username, avatar }) => ({ uid, username, avatar })),
    })),
    ungrouped: students.filter((s) => !grouped.has(s.uid)),
    mygroup: mine,
    canManage: bit(can(m.role, 'manageGroups')),
    canChoose: bit(m.role === 'student' && studentMayChooseGroup(set)),
    canCreate: bit(m.role === 'student' && studentMayCreateGroup(set)),
  };
}

/**
 * Adds a group. Teachers always (within the group cap); a student when the grouping lets students
 * create groups and they are in none yet — they join it and lead it.
 */
export async function addGroup(ctx: AppContext, user: User, courseId: number, setId: number, name: string) {
  const m = await authorize(ctx, user, courseId, 'view');
  const teacher = can(m.role, 'manageGroups');
  return ctx.db.transaction(async (tx) => {
    const set = await setOf(tx, courseId, setId);
    if (!teacher && !studentMayCreateGroup(set)) throw set.type === 1 ? fail('groupingFixed') : fail('forbidden');
    await lock(tx, setId);
    const [existing] = await tx.select({ n: count() }).from(groups).where(eq(groups.setId, setId));
    if (set.groupcap > 0 && (existing?.n ?? 0) >= set.groupcap) throw fail('groupCapReached');
    if (!teacher) {
      const [mine] = await tx
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.setId, setId), eq(groupMembers.userId, user.id)));
      if (mine) throw fail('alreadyInGroup');
    }
    const [group] = await tx
      .insert(groups)
      .values({ setId, name, createdBy: user.id, leaderId: teacher ? null : user.id })
      .returning();
    if (!teacher) await tx.insert(groupMembers).values({ groupId: group!.id, setId, userId: user.id });
    return { id: group!.id, name: group!.name, leader: group!.leaderId ?? 0 };
  });
}

/**
 * Puts students into a group. A student joins for themselves (not in a fixed grouping, not while in
 * another group of it); teachers assign `uids`, moving them from their old group. The member cap holds.
 */
export async function joinGroup(ctx: AppContext, user: User, courseId: number, groupId: number, uids: number[] | undefined) {
  const m = await authorize(ctx, user, courseId, 'view');
  const teacher = can(m.role, 'manageGroups');
  if (!teacher && m.role !== 'student') throw fail('forbidden');
  return ctx.db.transaction(async (tx) => {
    const { group, set } = await groupOf(tx, courseId, groupId);
    if (!teacher && !studentMayChooseGroup(set)) throw fail('groupingFixed');
    await lock(tx, set.id);
    let who = [user.id];
    if (teacher) {
      if (!uids?.length) throw badInput('validation.chooseOne');
      const enrolled = await tx
        .select({ uid: courseMembers.userId })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'), inArray(courseMembers.userId, uids)));
      who = enrolled.map((e) => e.uid);
      if (who.length === 0) throw badInput('validation.chooseOne');
      await tx.delete(groupMembers).where(and(eq(groupMembers.setId, set.id), inArray(groupMembers.userId, who)));
      // a moved leader leads their old group no more
      await tx
        .update(groups)
        .set({ leaderId: null })
        .where(and(eq(groups.setId, set.id), inArray(groups.leaderId, who)));
    } else {
      const [mine] = await tx
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.setId, set.id), eq(groupMembers.userId, user.id)));
      if (mine) throw fail(mine.groupId === groupId ? 'alreadyMember' : 'alreadyInGroup');
    }
    if (set.membercap > 0 && (await memberCount(tx, groupId)) + who.length > set.membercap) throw fail('groupFull');
    await tx.insert(groupMembers).values(who.map((userId) => ({ groupId, setId: set.id, userId })));
    return { groupid: group.id, count: who.length };
  });
}

/** Takes students out of a group: a student leaves it (not in a fixed grouping); teachers remove `uids`. */
export async function quitGroup(ctx: AppContext, user: User, courseId: number, groupId: number, uids: number[] | undefined) {
  const m = await authorize(ctx, user, courseId, 'view');
  const teacher = can(m.role, 'manageGroups');
  const { group, set } = await groupOf(ctx.db, courseId, groupId);
  if (!teacher && !studentMayChooseGroup(set)) throw fail('groupingFixed');
  const who = teacher ? (uids ?? []) : [user.id];
  if (who.length === 0) throw badInput('validation.chooseOne');
  // the members go and a departing leader's place is cleared together, or neither
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, who)))
      .returning();
    if (removed.length === 0) throw fail('notFound');
    if (group.leaderId && who.includes(group.leaderId))
      await tx.update(groups).set({ leaderId: null }).where(eq(groups.id, groupId));
    return { count: removed.length };
  });
}

/** Deletes a group: teachers, or the student who created it while they are its only member. */
export async function deleteGroup(ctx: AppContext, user: User, courseId: number, groupId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  const { group, set } = await groupOf(ctx.db, courseId, groupId);
  if (!can(m.role, 'manageGroups')) {
    const members = await ctx.db.select({ uid: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
    const ownEmpty = group.createdBy === user.id && members.every((x) => x.uid === user.id);
    if (!studentMayCreateGroup(set) || !ownEmpty) throw fail('forbidden');
  }
  await ctx.db.delete(groups).where(eq(groups.id, groupId));
  return {};
}

/** Renames a group: teachers or the group's leader. */
export async function renameGroup(ctx: AppContext, user: User, courseId: number, groupId: number, name: string) {
  const m = await authorize(ctx, user, courseId, 'view');
  const { group } = await groupOf(ctx.db, courseId, groupId);
  if (!can(m.role, 'manageGroups') && group.leaderId !== user.id) throw fail('forbidden');
  await ctx.db.update(groups).set({ name }).where(eq(groups.id, groupId));
  return { id: groupId, name };
}

/** Makes a member of the group its leader. Teachers. */
export async function setGroupLeader(ctx: AppContext, user: User, courseId: number, groupId: number, uid: number) {
  await authorize(ctx, user, courseId, 'manageGroups');
  await groupOf(ctx.db, courseId, groupId);
  const [member] = await ctx.db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, uid)));
  if (!member) throw fail('notFound');
  await ctx.db.update(groups).set({ leaderId: uid }).where(eq(groups.id, groupId));
  return { groupid: groupId, leader: uid };
}

/** Takes students out of every group of a course (they left it); groups they led have no leader. */
export async function leaveCourseGroups(db: Db, courseId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const sets = db.select({ id: groupSets.id }).from(groupSets).where(eq(groupSets.courseId, courseId));
  await db.delete(groupMembers).where(and(inArray(groupMembers.setId, sets), inArray(groupMembers.userId, userIds)));
  await db
    .update(groups)
    .set({ leaderId: null })
    .where(and(inArray(groups.setId, sets), inArray(groups.leaderId, userIds)));
}
