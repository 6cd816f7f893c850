import { USERTYPE_TEACHER, VIP_LEVEL } from '@paiclass/shared';
import { and, asc, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { institutionPeople, institutions, institutionVipGrants, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/transaction';
import { createNotices } from '../notices/notices.service';
import { addMonths } from './vip.policy';

/**
 * Institution VIP (issue 28, decision 039): an institution's operator grants its certified teachers
 * institution VIP (3) or institution super VIP (4) for a period, from the command line
 * (`npm run institution:vip`). The grant in force with the highest level is copied onto the teacher's
 * `inst_vip` columns, which `vipLevelInForce` reads beside the bought membership: every privilege
 * check (`isvip > 0`) lifts with it and lapses at its end without a job. Refusals are Errors naming why,
 * for the operator.
 */

export const INSTITUTION_VIP_LEVELS = [VIP_LEVEL.institutionVip, VIP_LEVEL.institutionSuperVip] as const;
/** the longest grant at once (ours): ten years */
export const GRANT_MONTHS_MAX = 120;

/** An institution by its id or its name (any case). */
async function findInstitution(ctx: AppContext, ref: string) {
  const where = /^\d+$/.test(ref) ? eq(institutions.id, Number(ref)) : sql`lower(${institutions.name}) = lower(${ref.trim()})`;
  const [found] = await ctx.db.select().from(institutions).where(where);
  if (!found) throw new Error(`no institution "${ref}"`);
  return found;
}

/** The institution's certified teacher, by roster number or account. */
async function certifiedTeacher(ctx: AppContext, institutionId: number, who: string) {
  const rows = await ctx.db
    .select({ userId: users.id, account: users.account, username: users.username, realstno: institutionPeople.realstno })
    .from(institutionPeople)
    .innerJoin(users, eq(users.id, institutionPeople.userId))
    .where(
      and(
        eq(institutionPeople.institutionId, institutionId),
        eq(institutionPeople.usertype, USERTYPE_TEACHER),
        isNotNull(institutionPeople.certifiedAt),
        or(eq(institutionPeople.realstno, who), sql`lower(${users.account}) = lower(${who})`),
      ),
    );
  const teacher = rows[0];
  if (!teacher) throw new Error(`"${who}" is not a certified teacher of this institution`);
  return teacher;
}

/** The end of a grant: `months` from now, or the end of a day (China time) written YYYY-MM-DD. */
export function grantEnd(period: string, now: Date) {
  if (/^\d{1,3}$/.test(period)) {
    const months = Number(period);
    if (months < 1 || months > GRANT_MONTHS_MAX) throw new Error(`a grant lasts 1 to ${GRANT_MONTHS_MAX} months`);
    return addMonths(now, months);
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  const end = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T23:59:59+08:00`) : null;
  if (!end || Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== `${m![1]}-${m![2]}-${m![3]}`)
    throw new Error('the period is a number of months or a day written YYYY-MM-DD');
  if (end <= now) throw new Error('the grant would end before now');
  if (end > addMonths(now, GRANT_MONTHS_MAX)) throw new Error(`a grant lasts at most ${GRANT_MONTHS_MAX} months`);
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
 * `npm run institution:vip -- grant <institution> <teacher> <3|4> <months|YYYY-MM-DD>`: gives the
 * certified teacher the level from now to the end, replacing the institution's earlier grant to them,
 * and tells them with a message notice.
 */
export async function grantInstitutionVip(
  ctx: AppContext,
  input: { institution: string; teacher: string; level: number; period: string },
  now = new Date(),
) {
  if (!(INSTITUTION_VIP_LEVELS as readonly number[]).includes(input.level))
    throw new Error('the level is 3 (institution VIP) or 4 (institution super VIP)');
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

/** `npm run institution:vip -- revoke <institution> <teacher>`: ends the institution's grant now. */
export async function revokeInstitutionVip(ctx: AppContext, input: { institution: string; teacher: string }, now = new Date()) {
  const institution = await findInstitution(ctx, input.institution);
  const teacher = await certifiedTeacher(ctx, institution.id, input.teacher);
  await inTransaction(ctx, async (tx) => {
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
      .returning({ id: institutionVipGrants.id });
    if (!ended.length) throw new Error(`${teacher.account} holds no grant of ${institution.name} in force`);
    await settle(tx, teacher.userId, now);
  });
  await ctx.sessions.forgetUser(teacher.userId);
  return { institution: institution.name, teacher };
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
