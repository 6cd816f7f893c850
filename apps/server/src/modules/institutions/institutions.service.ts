import { randomInt } from 'node:crypto';
import {
  ATTEST_ACTIVATION_LENGTH,
  type AttestInput,
  type attestWhoInput,
  courseSemesterFor,
  type InstitutionImport,
  institutionImport,
  JIGOU_SEARCH_LIMIT,
  type Language,
  SEND_CODE_COUNTDOWN_SECONDS,
} from '@paiclass/shared';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  attestClaims,
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
import { AppError, fail } from '../../platform/errors';
import { safeEqual, sha256 } from '../../platform/tokens';
import { consumeCode, issueCode } from '../accounts/codes.service';
import { createCourse } from '../courses/courses.service';
import { recordMemberEvents } from '../courses/member-notice';
import { presentCertification, presentClaim, presentTeachClass } from './presenters';

type TeachClass = typeof teachClasses.$inferSelect;
type AttestWhoInput = z.infer<typeof attestWhoInput>;

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
  const claims = await ctx.db
    .select({ claim: attestClaims, jigou: institutions.name })
    .from(attestClaims)
    .innerJoin(institutions, eq(institutions.id, attestClaims.institutionId))
    .where(and(eq(attestClaims.userId, user.id), inArray(attestClaims.state, [0, 2])))
    .orderBy(desc(attestClaims.id));
  // the newest decision per institution, and none for one the caller is certified with now
  const certified = new Set(mine.map((c) => c.id));
  const seen = new Set<number>();
  const open = claims.filter((c) => {
    const id = c.claim.institutionId;
    if (certified.has(id) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  if (needAttest && open.some((c) => c.claim.institutionId === needAttest?.jigouid && c.claim.state === 0)) needAttest = null;
  return {
    atteststate: mine.length ? (1 as const) : (0 as const),
    list: mine.map(presentCertification),
    claims: open.map((c) => presentClaim(c.claim, c.jigou)),
    needAttest,
  };
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

const ACTIVATION_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I
const activationHash = (person: { institutionId: number; usertype: number; realstno: string }, code: string) =>
  sha256(`activation|${person.institutionId}|${person.usertype}|${person.realstno}|${code.toUpperCase()}`);
/** A one-time activation code the school hands out (about 50 bits: the attest call is rate-limited too). */
export const newActivationCode = () =>
  Array.from({ length: ATTEST_ACTIVATION_LENGTH }, () => ACTIVATION_CHARS[randomInt(ACTIVATION_CHARS.length)]).join('');

type Person = typeof institutionPeople.$inferSelect;

/** The roster entry for this name and number of the caller's user type, if any (taken or not). */
async function rosterEntry(db: Db, institutionId: number, usertype: number, realname: string, realstno: string) {
  const [person] = await db
    .select()
    .from(institutionPeople)
    .where(
      and(
        eq(institutionPeople.institutionId, institutionId),
        eq(institutionPeople.usertype, usertype),
        eq(institutionPeople.realstno, realstno),
      ),
    );
  return person && person.realname === realname ? person : undefined;
}

const rosterType = (user: User) => (user.usertype === 1 ? 1 : 0);

async function institutionById(db: Db, id: number) {
  const [institution] = await db.select().from(institutions).where(eq(institutions.id, id));
  if (!institution) throw fail('notFound');
  return institution;
}

async function refuseIfCertified(db: Db, institutionId: number, userId: number) {
  const [already] = await db
    .select({ id: institutionPeople.id })
    .from(institutionPeople)
    .where(and(eq(institutionPeople.institutionId, institutionId), eq(institutionPeople.userId, userId)));
  if (already) throw fail('alreadyAttested');
}

/**
 * Sends a certification code to the phone or email the roster lists for this name and number. The
 * answer is the same whether or not the roster has them, lists a contact, or is taken, and whether or
 * not the send itself was refused (too soon, daily cap): none of it may tell a stranger who is on it.
 */
export async function sendAttestCode(ctx: AppContext, user: User, input: AttestWhoInput, clientAddress: string, lang: Language) {
  const institution = await institutionById(ctx.db, input.jigouid);
  await refuseIfCertified(ctx.db, institution.id, user.id);
  const person = await rosterEntry(ctx.db, institution.id, rosterType(user), input.realname, input.realstno);
  const target = person && !person.userId ? (person.mobile ?? person.email) : null;
  if (target) {
    try {
      await issueCode(ctx, target, 'attest', clientAddress, lang);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return { countdown: SEND_CODE_COUNTDOWN_SECONDS };
}

/** Whether the code proves the caller is this roster entry: its activation code, or the code sent to its contact. */
async function provesIdentity(ctx: AppContext, person: Person, code: string): Promise<boolean> {
  if (person.activationHash && safeEqual(person.activationHash, activationHash(person, code))) return true;
  const target = person.mobile ?? person.email;
  if (!target || !/^\d+$/.test(code)) return false;
  try {
    // counts a wrong try against the sent code (outside any transaction, so the count stays)
    await consumeCode(ctx.db, target, 'attest', code);
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/**
 * Certifies the caller with an institution. With a code: the real name and number must be on its
 * roster for the caller's user type, not certified by another account, and the code must be the one
 * sent to the entry's phone or email or its activation code; every refusal is the same (30601), so
 * that nobody learns which pairs exist or are taken. Without a code the claim is recorded for the
 * institution's operator to approve (`pending: 1`), whatever was typed. Once certified, a student is
 * joined to every bound scheduled course that lists them; a teacher gets their scheduled courses back
 * for the binding step.
 */
export async function attest(ctx: AppContext, user: User, input: AttestInput) {
  const institution = await institutionById(ctx.db, input.jigouid);
  await refuseIfCertified(ctx.db, institution.id, user.id);
  const usertype = rosterType(user);
  if (!input.code) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .delete(attestClaims)
        .where(and(eq(attestClaims.institutionId, institution.id), eq(attestClaims.userId, user.id), eq(attestClaims.state, 0)));
      await tx.insert(attestClaims).values({
        institutionId: institution.id,
        userId: user.id,
        usertype,
        realname: input.realname,
        realstno: input.realstno,
      });
    });
    return { jigouid: institution.id, jigou: institution.name, courses: [], pending: 1 as const };
  }
  const person = await rosterEntry(ctx.db, institution.id, usertype, input.realname, input.realstno);
  if (!person || person.userId || !(await provesIdentity(ctx, person, input.code))) throw fail('attestMismatch');
  const scheduled = await ctx.db.transaction(async (tx) => {
    const done = await certifyPerson(tx, user.id, person);
    if (!done) throw fail('attestMismatch');
    return done;
  });
  await ctx.sessions.forgetUser(user.id);
  return {
    jigouid: institution.id,
    jigou: institution.name,
    courses: await presentScheduled(ctx.db, scheduled, () => institution.name),
    pending: 0 as const,
  };
}

/**
 * Binds a roster entry to an account, inside the caller's transaction: undefined when the entry was
 * taken meanwhile or the account holds another entry of the institution. The activation code is used
 * up, open claims of the account at the institution are closed, a student joins the bound courses that
 * list them. Answers the entry's scheduled courses.
 */
async function certifyPerson(tx: Db, userId: number, person: Person): Promise<TeachClass[] | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attest:${person.institutionId}:${person.realstno}`}))`);
  const [mine] = await tx
    .select({ id: institutionPeople.id })
    .from(institutionPeople)
    .where(and(eq(institutionPeople.institutionId, person.institutionId), eq(institutionPeople.userId, userId)));
  if (mine) return undefined;
  const [bound] = await tx
    .update(institutionPeople)
    .set({ userId, certifiedAt: new Date(), activationHash: null })
    .where(and(eq(institutionPeople.id, person.id), isNull(institutionPeople.userId)))
    .returning({ id: institutionPeople.id });
  if (!bound) return undefined;
  await tx
    .update(attestClaims)
    .set({ state: 1, decidedAt: new Date() })
    .where(and(eq(attestClaims.institutionId, person.institutionId), eq(attestClaims.userId, userId), eq(attestClaims.state, 0)));
  await syncAttestSummary(tx, userId);
  const scheduled = await scheduledFor(tx, person.institutionId, person.usertype, person.realstno);
  if (person.usertype !== 1) for (const tc of scheduled) if (tc.courseId) await enrolCertifiedStudents(tx, tc);
  return scheduled;
}

/** Operators: the claims waiting at an institution (or all), each with what the roster says of it. */
export async function listPendingClaims(db: Db, institutionName?: string) {
  const rows = await db
    .select({ claim: attestClaims, jigou: institutions.name, account: users.account, username: users.username })
    .from(attestClaims)
    .innerJoin(institutions, eq(institutions.id, attestClaims.institutionId))
    .innerJoin(users, eq(users.id, attestClaims.userId))
    .where(
      and(eq(attestClaims.state, 0), institutionName ? sql`lower(${institutions.name}) = lower(${institutionName})` : undefined),
    )
    .orderBy(asc(attestClaims.id));
  const list = [];
  for (const r of rows) {
    const person = await rosterEntry(db, r.claim.institutionId, r.claim.usertype, r.claim.realname, r.claim.realstno);
    const roster = !person
      ? 'not on the roster'
      : person.userId
        ? `already certified by account ${person.userId}`
        : 'on the roster';
    list.push({ ...r.claim, jigou: r.jigou, account: r.account, username: r.username, roster });
  }
  return list;
}

/**
 * Operators: approves a waiting claim, certifying the account as the roster entry it names. Refuses
 * (an Error naming why, for the operator) a claim that is not waiting, not on the roster, or whose
 * entry another account holds.
 */
export async function approveClaim(ctx: AppContext, claimId: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(attestClaims)
      .where(and(eq(attestClaims.id, claimId), eq(attestClaims.state, 0)));
    if (!claim) throw new Error(`no waiting claim ${claimId}`);
    const person = await rosterEntry(tx, claim.institutionId, claim.usertype, claim.realname, claim.realstno);
    if (!person) throw new Error(`claim ${claimId}: ${claim.realname} ${claim.realstno} is not on the roster`);
    const done = await certifyPerson(tx, claim.userId, person);
    if (!done) throw new Error(`claim ${claimId}: the entry or the account is already certified`);
    return claim;
  });
  await ctx.sessions.forgetUser(result.userId);
  return result;
}

/** Operators: refuses a waiting claim; the caller sees it refused and may claim again. */
export async function refuseClaim(db: Db, claimId: number) {
  const [row] = await db
    .update(attestClaims)
    .set({ state: 2, decidedAt: new Date() })
    .where(and(eq(attestClaims.id, claimId), eq(attestClaims.state, 0)))
    .returning();
  if (!row) throw new Error(`no waiting claim ${claimId}`);
  return row;
}

/** Ends the caller's certification with an institution; course memberships already made stay. */
export async function unbindCertification(ctx: AppContext, user: User, jigouid: number) {
  await ctx.db.transaction(async (tx) => {
    const released = await tx
      .update(institutionPeople)
      .set({ userId: null, certifiedAt: null })
      .where(and(eq(institutionPeople.institutionId, jigouid), eq(institutionPeople.userId, user.id)))
      .returning({ id: institutionPeople.id });
    // a claim still waiting is withdrawn the same way
    const withdrawn = await tx
      .delete(attestClaims)
      .where(and(eq(attestClaims.institutionId, jigouid), eq(attestClaims.userId, user.id), eq(attestClaims.state, 0)))
      .returning({ id: attestClaims.id });
    if (released.length === 0 && withdrawn.length === 0) throw fail('notFound');
    await syncAttestSummary(tx, user.id);
  });
  await ctx.sessions.forgetUser(user.id);
  return {};
}

/** The institutions the account is certified with or has a request waiting at: what a change of identity ends. */
export async function heldCertifications(db: Db, userId: number) {
  const certified = await certificationsOf(db, userId);
  const waiting = await db
    .select({ id: institutions.id, name: institutions.name })
    .from(attestClaims)
    .innerJoin(institutions, eq(institutions.id, attestClaims.institutionId))
    .where(and(eq(attestClaims.userId, userId), eq(attestClaims.state, 0)));
  const names = new Map<number, string>();
  for (const c of [...certified, ...waiting]) names.set(c.id, c.name);
  return [...names.values()];
}

/**
 * Ends every certification of the account and withdraws its waiting requests, inside the caller's
 * transaction (decision 013): the school, number or role they proved is being changed. Course
 * memberships already made stay, as with `unbind`.
 */
export async function releaseCertifications(db: Db, userId: number) {
  await db.update(institutionPeople).set({ userId: null, certifiedAt: null }).where(eq(institutionPeople.userId, userId));
  await db.delete(attestClaims).where(and(eq(attestClaims.userId, userId), eq(attestClaims.state, 0)));
  await syncAttestSummary(db, userId);
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
 * Imports an institution's roster and timetable (operators: `npm run institution:import`). Repeating
 * an import changes nothing; a class's student list is replaced by the new one, and its binding to a
 * course is kept. A person's phone and email are the roster's; a person marked `activation` gets a
 * one-time activation code the first time (answered in `codes`, stored only as a hash).
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
    const codes: { usertype: number; realname: string; realstno: string; code: string }[] = [];
    for (const { activation, ...p } of input.people) {
      const contact = { mobile: p.mobile ?? null, email: p.email ?? null };
      const [row] = await tx
        .insert(institutionPeople)
        .values({ institutionId: institution.id, ...p, ...contact })
        .onConflictDoUpdate({
          target: [institutionPeople.institutionId, institutionPeople.usertype, institutionPeople.realstno],
          set: { realname: p.realname, ...contact },
        })
        .returning();
      // a code is made once per person, so that repeating the import changes nothing
      if (row && activation && !row.activationHash && !row.userId) {
        const code = newActivationCode();
        await tx
          .update(institutionPeople)
          .set({ activationHash: activationHash(row, code) })
          .where(eq(institutionPeople.id, row.id));
        codes.push({ usertype: row.usertype, realname: row.realname, realstno: row.realstno, code });
      }
    }
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
    return {
      jigouid: institution.id,
      jigou: institution.name,
      people: input.people.length,
      classes: input.classes.length,
      codes,
    };
  });
}
