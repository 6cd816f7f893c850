import { and, asc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type AttestInput,
  type InstitutionImport,
  JIGOU_SEARCH_LIMIT,
  type Language,
  courseSemesterFor,
  institutionImport,
} from '@paiclass/shared';
import type { Db } from '../../db/client';
import {
  courseMembers,
  courses,
  institutionPeople,
  institutions,
  teachClasses,
  teachClassStudents,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { createCourse } from '../courses/courses.service';
import { recordMemberEvents } from '../courses/member-notice';
import { presentCertification, presentTeachClass } from './presenters';

type TeachClass = typeof teachClasses.$inferSelect;

/** Institutions whose name contains the keyword, for the searchable picker. */
export async function searchInstitutions(ctx: AppContext, keyword: string) {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(keyword ? ilike(institutions.name, pattern) : undefined)
    .orderBy(asc(institutions.name))
    .limit(JIGOU_SEARCH_LIMIT);
  return { list: rows.map((r) => ({ jigouid: r.id, jigou: r.name })) };
}

async function certificationsOf(db: Db, userId: number) {
  return db
    .select({
      id: institutions.id,
      name: institutions.name,
      requireAttest: institutions.requireAttest,
      person: institutionPeople,
    })
    .from(institutionPeople)
    .innerJoin(institutions, eq(institutions.id, institutionPeople.institutionId))
    .where(eq(institutionPeople.userId, userId))
    .orderBy(asc(institutionPeople.certifiedAt));
}

/**
 * The caller's certified institutions, and the one their school asks them to certify with (spec 1
 * §6: institution-authenticated schools require identity authentication), matched on the school name.
 */
export async function listCertifications(ctx: AppContext, user: User) {
  const mine = await certificationsOf(ctx.db, user.id);
  let needAttest: { jigouid: number; jigou: string } | null = null;
  if (user.school) {
    const [school] = await ctx.db
      .select({ id: institutions.id, name: institutions.name })
      .from(institutions)
      .where(and(sql`lower(${institutions.name}) = lower(${user.school})`, eq(institutions.requireAttest, true)));
    if (school && !mine.some((c) => c.id === school.id)) needAttest = { jigouid: school.id, jigou: school.name };
  }
  return { atteststate: mine.length ? (1 as const) : (0 as const), list: mine.map(presentCertification), needAttest };
}

/** Keeps the user row's summary (atteststate, attestInfo.jigou) in step with the roster. */
async function syncAttestSummary(db: Db, userId: number) {
  const mine = await certificationsOf(db, userId);
  const latest = mine.at(-1);
  await db
    .update(users)
    .set({ atteststate: latest ? 1 : 0, attestJigou: latest?.name ?? '' })
    .where(eq(users.id, userId));
}

/**
 * Certifies the caller with an institution: the real name and number must be on its roster for the
 * caller's user type, and not certified by another account. A student is then joined to every bound
 * scheduled course that lists them; a teacher gets their scheduled courses back for the binding step.
 */
export async function attest(ctx: AppContext, user: User, input: AttestInput) {
  const result = await ctx.db.transaction(async (tx) => {
    const [institution] = await tx.select().from(institutions).where(eq(institutions.id, input.jigouid));
    if (!institution) throw fail('notFound');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attest:${institution.id}:${input.realstno}`}))`);
    const [already] = await tx
      .select({ id: institutionPeople.id })
      .from(institutionPeople)
      .where(and(eq(institutionPeople.institutionId, institution.id), eq(institutionPeople.userId, user.id)));
    if (already) throw fail('alreadyAttested');
    const [person] = await tx
      .select()
      .from(institutionPeople)
      .where(
        and(
          eq(institutionPeople.institutionId, institution.id),
          eq(institutionPeople.usertype, user.usertype === 1 ? 1 : 0),
          eq(institutionPeople.realstno, input.realstno),
        ),
      );
    if (!person || person.realname !== input.realname) throw fail('attestMismatch');
    if (person.userId && person.userId !== user.id) throw fail('attestTaken');
    await tx
      .update(institutionPeople)
      .set({ userId: user.id, certifiedAt: new Date() })
      .where(eq(institutionPeople.id, person.id));
    await syncAttestSummary(tx, user.id);
    const scheduled = await scheduledFor(tx, institution.id, user.usertype === 1 ? 1 : 0, input.realstno);
    if (user.usertype !== 1) for (const tc of scheduled) if (tc.courseId) await enrolCertifiedStudents(tx, tc);
    return { institution, scheduled };
  });
  await ctx.sessions.forgetUser(user.id);
  return {
    jigouid: result.institution.id,
    jigou: result.institution.name,
    courses: await presentScheduled(ctx.db, result.scheduled, () => result.institution.name),
  };
}

/** Ends the caller's certification with an institution; course memberships already made stay. */
export async function unbindCertification(ctx: AppContext, user: User, jigouid: number) {
  await ctx.db.transaction(async (tx) => {
    const released = await tx
      .update(institutionPeople)
      .set({ userId: null, certifiedAt: null })
      .where(and(eq(institutionPeople.institutionId, jigouid), eq(institutionPeople.userId, user.id)))
      .returning({ id: institutionPeople.id });
    if (released.length === 0) throw fail('notFound');
    await syncAttestSummary(tx, user.id);
  });
  await ctx.sessions.forgetUser(user.id);
  return {};
}

/** The scheduled courses as answered, each with the name of the course it is bound to. */
async function presentScheduled(db: Db, list: TeachClass[], jigou: (tc: TeachClass) => string) {
  const ids = [...new Set(list.flatMap((tc) => (tc.courseId ? [tc.courseId] : [])))];
  const names = ids.length
    ? new Map(
        (
          await db
            .select({ id: courses.id, name: courses.coursename })
            .from(courses)
            .where(and(inArray(courses.id, ids), isNull(courses.deletedAt)))
        ).map((c) => [c.id, c.name]),
      )
    : new Map<number, string>();
  return list.map((tc) => presentTeachClass(tc, jigou(tc), tc.courseId ? (names.get(tc.courseId) ?? '') : ''));
}

/** Scheduled courses of an institution taught by (usertype 1) or listing (usertype 0) the given number. */
async function scheduledFor(db: Db, institutionId: number, usertype: number, stno: string): Promise<TeachClass[]> {
  if (usertype === 1)
    return db
      .select()
      .from(teachClasses)
      .where(and(eq(teachClasses.institutionId, institutionId), eq(teachClasses.teacherStno, stno)))
      .orderBy(asc(teachClasses.id));
  const rows = await db
    .select({ tc: teachClasses })
    .from(teachClasses)
    .innerJoin(teachClassStudents, eq(teachClassStudents.teachClassId, teachClasses.id))
    .where(and(eq(teachClasses.institutionId, institutionId), eq(teachClassStudents.stno, stno)))
    .orderBy(asc(teachClasses.id));
  return rows.map((r) => r.tc);
}

/** `/CourseApi/teachClass`: the caller's scheduled courses in each certified institution (or one). */
export async function listTeachClasses(ctx: AppContext, user: User, jigouid: number) {
  const mine = (await certificationsOf(ctx.db, user.id)).filter((c) => !jigouid || c.id === jigouid);
  const list = [];
  for (const c of mine) {
    const scheduled = await scheduledFor(ctx.db, c.id, c.person.usertype, c.person.realstno);
    list.push(...(await presentScheduled(ctx.db, scheduled, () => c.name)));
  }
  return { list };
}

/**
 * `/CourseApi/relationTeachClass`: a teacher binds each of their scheduled courses to one of their
 * own courses, or (classid 0) has one created from it. Everything is checked before anything is
 * written; certified students the timetable lists join the bound course.
 */
export async function bindTeachClasses(ctx: AppContext, user: User, list: { id: number; classid: number }[], lang: Language) {
  if (user.usertype !== 1) throw fail('forbidden');
  const mine = await certificationsOf(ctx.db, user.id);
  const rows = await ctx.db
    .select()
    .from(teachClasses)
    .where(
      inArray(
        teachClasses.id,
        list.map((i) => i.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of list) {
    const tc = byId.get(item.id);
    const teacher =
      tc && mine.find((c) => c.id === tc.institutionId && c.person.usertype === 1 && c.person.realstno === tc.teacherStno);
    if (!tc || !teacher) throw fail('notFound');
    if (tc.courseId && tc.courseId !== item.classid) throw fail('teachClassBound');
    if (item.classid) {
      const [own] = await ctx.db
        .select({ id: courses.id })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(
          and(
            eq(courseMembers.courseId, item.classid),
            eq(courseMembers.userId, user.id),
            eq(courseMembers.role, 'owner'),
            isNull(courses.deletedAt),
          ),
        );
      if (!own) throw fail('courseGone');
    }
  }
  const bound: TeachClass[] = [];
  for (const item of list) {
    const tc = byId.get(item.id) as TeachClass;
    const courseId =
      item.classid ||
      (
        await createCourse(
          ctx,
          user,
          {
            coursename: tc.coursename,
            classname: tc.classname,
            venue: '',
            semester: courseSemesterFor(tc.semester),
            term: tc.term as 0 | 1 | 2,
            teachtype: 2,
            studytime: -1,
          },
          lang,
        )
      ).id;
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(teachClasses)
        .set({ courseId: Number(courseId) })
        .where(
          and(
            eq(teachClasses.id, tc.id),
            sql`(${teachClasses.courseId} is null or ${teachClasses.courseId} = ${Number(courseId)})`,
          ),
        )
        .returning();
      if (!row) throw fail('teachClassBound');
      await enrolCertifiedStudents(tx, row);
      return row;
    });
    bound.push(updated);
  }
  return { list: await presentScheduled(ctx.db, bound, (tc) => mine.find((c) => c.id === tc.institutionId)?.name ?? '') };
}

/** Joins the certified students a bound scheduled course lists to its course. */
async function enrolCertifiedStudents(db: Db, tc: TeachClass) {
  if (!tc.courseId) return;
  const students = await db
    .select({ userId: institutionPeople.userId })
    .from(teachClassStudents)
    .innerJoin(
      institutionPeople,
      and(
        eq(institutionPeople.institutionId, tc.institutionId),
        eq(institutionPeople.usertype, 0),
        eq(institutionPeople.realstno, teachClassStudents.stno),
      ),
    )
    .where(and(eq(teachClassStudents.teachClassId, tc.id), isNotNull(institutionPeople.userId)));
  const ids = students.map((s) => s.userId as number);
  if (ids.length === 0) return;
  const joined = await db
    .insert(courseMembers)
    .values(ids.map((userId) => ({ courseId: tc.courseId as number, userId, role: 'student' })))
    .onConflictDoNothing()
    .returning({ userId: courseMembers.userId });
  await recordMemberEvents(
    db,
    tc.courseId,
    joined.map((j) => j.userId),
    'join',
  );
}

/**
 * Join status 103 (spec 1 §4): the course is bound to the timetable of an institution that requires
 * identity authentication, and the caller is certified with none of those institutions.
 */
export async function needsAttestToJoin(db: Db, courseId: number, userId: number): Promise<boolean> {
  const required = await db
    .selectDistinct({ id: institutions.id })
    .from(teachClasses)
    .innerJoin(institutions, eq(institutions.id, teachClasses.institutionId))
    .where(and(eq(teachClasses.courseId, courseId), eq(institutions.requireAttest, true)));
  if (required.length === 0) return false;
  const [certified] = await db
    .select({ id: institutionPeople.id })
    .from(institutionPeople)
    .where(
      and(
        eq(institutionPeople.userId, userId),
        inArray(
          institutionPeople.institutionId,
          required.map((r) => r.id),
        ),
      ),
    )
    .limit(1);
  return !certified;
}

/**
 * Imports an institution's roster and timetable (operators: `npm run institution:import`; the
 * development server: `/DevApi/importInstitution`). Repeating an import changes nothing; a class's
 * student list is replaced by the new one, and its binding to a course is kept.
 */
export async function importInstitution(db: Db, data: InstitutionImport) {
  const input = institutionImport.parse(data);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(institutions).where(sql`lower(${institutions.name}) = lower(${input.name})`);
    const institution = existing
      ? (
          await tx
            .update(institutions)
            .set({ requireAttest: input.requireAttest })
            .where(eq(institutions.id, existing.id))
            .returning()
        )[0]
      : (await tx.insert(institutions).values({ name: input.name, requireAttest: input.requireAttest }).returning())[0];
    if (!institution) throw new Error('institution not stored');
    for (const p of input.people)
      await tx
        .insert(institutionPeople)
        .values({ institutionId: institution.id, ...p })
        .onConflictDoUpdate({
          target: [institutionPeople.institutionId, institutionPeople.usertype, institutionPeople.realstno],
          set: { realname: p.realname },
        });
    for (const c of input.classes) {
      const { students, ...fields } = c;
      const [tc] = await tx
        .insert(teachClasses)
        .values({ institutionId: institution.id, ...fields })
        .onConflictDoUpdate({ target: [teachClasses.institutionId, teachClasses.teachClass], set: fields })
        .returning();
      if (!tc) continue;
      await tx.delete(teachClassStudents).where(eq(teachClassStudents.teachClassId, tc.id));
      const unique = [...new Set(students)];
      if (unique.length) await tx.insert(teachClassStudents).values(unique.map((stno) => ({ teachClassId: tc.id, stno })));
      await enrolCertifiedStudents(tx, tc);
    }
    return { jigouid: institution.id, jigou: institution.name, people: input.people.length, classes: input.classes.length };
  });
}
