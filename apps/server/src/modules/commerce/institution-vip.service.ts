import { ADMIN_TEACHERS_MAX, GRANT_MONTHS_MAX, INT_MAX, USERTYPE_TEACHER, VIP_LEVEL } from '@paiclass/shared';
import { and, asc, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { institutionPeople, institutions, institutionVipGrants, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { createNotices } from '../notices/notices.service';
import { addMonths } from './vip.policy';

/**
 * Institution VIP (issue 28, decision 039): an institution's operator grants its certified teachers
 * institution VIP (3) or institution super VIP (4) for a period, from the command line
 * (`npm run institution:vip`). The grant in force with the highest level is copied onto the teacher's
 * `inst_vip` columns, which `vipLevelInForce` reads beside the bought membership: every privilege
 * check (`isvip > 0`) lifts with it and lapses at its end without a job. The admin page (decision 053)
 * calls the same functions. Refusals are typed (an envelope code and a message in the caller's
 * language; the command line prints it in English), each checked before anything is written.
 */

export const INSTITUTION_VIP_LEVELS = [VIP_LEVEL.institutionVip, VIP_LEVEL.institutionSuperVip] as const;

/** An institution by its id or its name (any case); 40004 when there is none. */
export async function findInstitution(ctx: AppContext, ref: string) {
  const where =
    /^\d{1,10}$/.test(ref) && Number(ref) <= INT_MAX
      ? eq(institutions.id, Number(ref))
      : sql`lower(${institutions.name}) = lower(${ref.trim()})`;
  const [found] = await ctx.db.select().from(institutions).where(where);
  if (!found) throw fail('notFound');
  return found;
}

/** The institution's certified teacher, by roster number or account (a string) or user id (a number); 31915 otherwise. */
async function certifiedTeacher(ctx: AppContext, institutionId: number, who: string | number) {
  const rows = await ctx.db
    .select({
      userId: users.id,
      account: users.account,
      username: users.username,
      realname: institutionPeople.realname,
      realstno: institutionPeople.realstno,
    })
    .from(institutionPeople)
    .innerJoin(users, eq(users.id, institutionPeople.userId))
    .where(
      and(
        eq(institutionPeople.institutionId, institutionId),
        eq(institutionPeople.usertype, USERTYPE_TEACHER),
        isNotNull(institutionPeople.certifiedAt),
        typeof who === 'number'
          ? eq(users.id, who)
          : or(eq(institutionPeople.realstno, who), sql`lower(${users.account}) = lower(${who})`),
      ),
    );
  const teacher = rows[0];
  if (!teacher) throw fail('notCertifiedTeacher');
  return teacher;
}

/**
 * The end of a grant: `months` from now (1-120; 40001 naming `months` otherwise), or, on the command
 * line, the end of a day (China time) written YYYY-MM-DD, after now and within 120 months (40001
 * naming `period` otherwise).
 */
export function grantEnd(period: string, now: Date) {
  if (/^\d{1,3}$/.test(period)) {
    const months = Number(period);
    if (months < 1 || months > GRANT_MONTHS_MAX) throw badField('validation.grantMonths', ['months']);
    return addMonths(now, months);
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  const end = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T23:59:59+08:00`) : null;
  if (!end || Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== `${m![1]}-${m![2]}-${m![3]}`)
    throw badField('validation.grantPeriod', ['period']);
  if (end <= now || end > addMonths(now, GRANT_MONTHS_MAX)) throw badField('validation.grantPeriod', ['period']);
  return end;
}

/** Copies the teacher's grant in force (highest level, then latest end) onto their row. */
async function settle(ctx: AppContext, userId: number, now: Date) {
  const [best] = await ctx.db
    .select()
    .from(institutionVipGrants)
    .where(and(eq(institutionVipGrants.userId, userId), gt(institutionVipGrants.endsAt, now)))
    .orderBy(desc(institutionVipGrants.level), desc(institutionVipGrants.endsAt))
    .limit(1);
  await ctx.db
    .update(users)
    .set(
      best
        ? { instVip: best.level, instVipBegin: best.beginsAt, instVipEnd: best.endsAt }
        : { instVip: VIP_LEVEL.none, instVipBegin: null, instVipEnd: null },
    )
    .where(eq(users.id, userId));
}

const LEVEL_NAME = {
  zh: { 3: '机构VIP', 4: '机构超级VIP' },
  en: { 3: 'institution VIP', 4: 'institution super VIP' },
} as const;

/**
 * `npm run institution:vip -- grant <institution> <teacher> <3|4> <months|YYYY-MM-DD>` and the admin
 * page: gives the certified teacher the level from now to the end, replacing the institution's earlier
 * grant to them, and tells them with a message notice, in one transaction. Refuses, writing nothing: a
 * level not 3 or 4 (40001 naming `level`), a bad period (above), no such institution (40004), someone
 * not its certified teacher (31915).
 */
export async function grantInstitutionVip(
  ctx: AppContext,
  input: { institution: string; teacher: string | number; level: number; period: string },
  now = new Date(),
) {
  if (!(INSTITUTION_VIP_LEVELS as readonly number[]).includes(input.level)) throw badField('validation.grantLevel', ['level']);
  const level = input.level as 3 | 4;
  const endsAt = grantEnd(input.period, now);
  const institution = await findInstitution(ctx, input.institution);
  const teacher = await certifiedTeacher(ctx, institution.id, input.teacher);
  const grant = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(institutionVipGrants)
      .values({ institutionId: institution.id, userId: teacher.userId, level, beginsAt: now, endsAt })
      .onConflictDoUpdate({
        target: [institutionVipGrants.institutionId, institutionVipGrants.userId],
        set: { level, beginsAt: now, endsAt, createdAt: now },
      })
      .returning();
    await settle(tx, teacher.userId, now);
    const [u] = await tx.db.select({ lang: users.lang }).from(users).where(eq(users.id, teacher.userId));
    const lang = u?.lang === 'en' ? 'en' : 'zh';
    const until = endsAt.toLocaleDateString(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai' });
    const title =
      lang === 'en'
        ? `${institution.name} gave you ${LEVEL_NAME.en[level]} until ${until}`
        : `${institution.name} 为您开通了${LEVEL_NAME.zh[level]}，有效期至 ${until}`;
    await createNotices(tx, [
      {
        userId: teacher.userId,
        courseId: null,
        action: 'institution_vip',
        contentId: institution.id,
        title: title.slice(0, 200),
      },
    ]);
    return row!;
  });
  await ctx.sessions.forgetUser(teacher.userId);
  return { ...grant, institution: institution.name, teacher };
}

/**
 * `npm run institution:vip -- revoke <institution> <teacher>` and the admin page: ends the institution's
 * grant now. Refuses, writing nothing: no such institution (40004), not its certified teacher (31915),
 * no grant of it in force (31916).
 */
export async function revokeInstitutionVip(
  ctx: AppContext,
  input: { institution: string; teacher: string | number },
  now = new Date(),
) {
  const institution = await findInstitution(ctx, input.institution);
  const teacher = await certifiedTeacher(ctx, institution.id, input.teacher);
  const grant = await inTransaction(ctx, async (tx) => {
    const ended = await tx.db
      .update(institutionVipGrants)
      .set({ endsAt: now })
      .where(
        and(
          eq(institutionVipGrants.institutionId, institution.id),
          eq(institutionVipGrants.userId, teacher.userId),
          gt(institutionVipGrants.endsAt, now),
        ),
      )
      .returning();
    if (!ended.length) throw fail('noGrantInForce');
    await settle(tx, teacher.userId, now);
    return ended[0]!;
  });
  await ctx.sessions.forgetUser(teacher.userId);
  return { ...grant, institution: institution.name, teacher };
}

/** `npm run institution:vip -- list [institution]`: the grants, those in force first. */
export async function listInstitutionVip(ctx: AppContext, institution?: string) {
  const found = institution ? await findInstitution(ctx, institution) : undefined;
  return ctx.db
    .select({
      id: institutionVipGrants.id,
      institution: institutions.name,
      account: users.account,
      username: users.username,
      level: institutionVipGrants.level,
      beginsAt: institutionVipGrants.beginsAt,
      endsAt: institutionVipGrants.endsAt,
    })
    .from(institutionVipGrants)
    .innerJoin(institutions, eq(institutions.id, institutionVipGrants.institutionId))
    .innerJoin(users, eq(users.id, institutionVipGrants.userId))
    .where(found ? eq(institutionVipGrants.institutionId, found.id) : undefined)
    .orderBy(desc(institutionVipGrants.endsAt), asc(institutionVipGrants.id))
    .limit(1000);
}

/**
 * The admin page: an institution's certified teachers (oldest certification first, at most
 * ADMIN_TEACHERS_MAX) with the institution's latest grant to each, in force or ended; 40004 when there
 * is no such institution.
 */
export async function institutionTeachers(ctx: AppContext, institutionId: number) {
  const institution = await findInstitution(ctx, String(institutionId));
  const list = await ctx.db
    .select({
      userId: users.id,
      account: users.account,
      username: users.username,
      realname: institutionPeople.realname,
      realstno: institutionPeople.realstno,
      level: institutionVipGrants.level,
      beginsAt: institutionVipGrants.beginsAt,
      endsAt: institutionVipGrants.endsAt,
    })
    .from(institutionPeople)
    .innerJoin(users, eq(users.id, institutionPeople.userId))
    .leftJoin(
      institutionVipGrants,
      and(eq(institutionVipGrants.institutionId, institutionPeople.institutionId), eq(institutionVipGrants.userId, users.id)),
    )
    .where(
      and(
        eq(institutionPeople.institutionId, institution.id),
        eq(institutionPeople.usertype, USERTYPE_TEACHER),
        isNotNull(institutionPeople.certifiedAt),
      ),
    )
    .orderBy(asc(institutionPeople.certifiedAt), asc(institutionPeople.id))
    .limit(ADMIN_TEACHERS_MAX);
  return { institution, list };
}

/** The grant in force behind the teacher's institution VIP, for the VIP page; null when none. */
export async function institutionVipInForce(ctx: AppContext, userId: number, now = new Date()) {
  const [row] = await ctx.db
    .select({
      name: institutions.name,
      level: institutionVipGrants.level,
      beginsAt: institutionVipGrants.beginsAt,
      endsAt: institutionVipGrants.endsAt,
    })
    .from(institutionVipGrants)
    .innerJoin(institutions, eq(institutions.id, institutionVipGrants.institutionId))
    .where(and(eq(institutionVipGrants.userId, userId), gt(institutionVipGrants.endsAt, now)))
    .orderBy(desc(institutionVipGrants.level), desc(institutionVipGrants.endsAt))
    .limit(1);
  return row ?? null;
}
