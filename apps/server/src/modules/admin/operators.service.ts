import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { institutions, operators, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { findInstitution } from '../commerce/institution-vip.service';

/**
 * Operator accounts (decision 053): an existing user account made an operator by `npm run operator --
 * grant <phone> [institution]`, platform-wide (no institution: issues invoices, grants any
 * institution's VIP) or of one institution (grants its certified teachers institution VIP). The
 * admin calls read the scope on every call (`operatorScope`); nothing is cached.
 */

/** What the user may do on the admin page: platform-wide, and the institutions they operate for. */
export interface OperatorScope {
  platform: boolean;
  institutions: { id: number; name: string }[];
}

/** The caller's operator rows, as a scope (none: not an operator). */
export async function operatorScope(ctx: AppContext, userId: number): Promise<OperatorScope> {
  const rows = await ctx.db
    .select({ institutionId: operators.institutionId, name: institutions.name })
    .from(operators)
    .leftJoin(institutions, eq(institutions.id, operators.institutionId))
    .where(eq(operators.userId, userId))
    .orderBy(asc(operators.id));
  return {
    platform: rows.some((r) => r.institutionId === null),
    institutions: rows.flatMap((r) => (r.institutionId !== null ? [{ id: r.institutionId, name: r.name ?? '' }] : [])),
  };
}

/** A user by phone number or account (any case); 21009 when there is none. */
async function userByPhone(ctx: AppContext, who: string) {
  const ref = who.trim();
  const [user] = await ctx.db
    .select({ id: users.id, account: users.account, username: users.username, mobile: users.mobile })
    .from(users)
    .where(or(eq(users.mobile, ref), sql`lower(${users.account}) = lower(${ref})`))
    .limit(1);
  if (!user) throw fail('accountNotFound');
  return user;
}

/**
 * `npm run operator -- grant <phone> [institution]`: makes the account an operator, platform-wide or of
 * the institution (its id or name). Granting again what the account holds changes nothing.
 */
export async function grantOperator(ctx: AppContext, input: { who: string; institution?: string }) {
  const user = await userByPhone(ctx, input.who);
  const institution = input.institution ? await findInstitution(ctx, input.institution) : null;
  await ctx.db
    .insert(operators)
    .values({ userId: user.id, institutionId: institution?.id ?? null })
    .onConflictDoNothing();
  return { user, institution: institution?.name ?? null };
}

/** `npm run operator -- revoke <phone> [institution]`: takes the role away; 40004 when the account did not hold it. */
export async function revokeOperator(ctx: AppContext, input: { who: string; institution?: string }) {
  const user = await userByPhone(ctx, input.who);
  const institution = input.institution ? await findInstitution(ctx, input.institution) : null;
  const gone = await ctx.db
    .delete(operators)
    .where(
      and(
        eq(operators.userId, user.id),
        institution ? eq(operators.institutionId, institution.id) : isNull(operators.institutionId),
      ),
    )
    .returning({ id: operators.id });
  if (!gone.length) throw fail('notFound');
  return { user, institution: institution?.name ?? null };
}

/** `npm run operator -- list`: every operator, oldest first. */
export async function listOperators(ctx: AppContext) {
  return ctx.db
    .select({
      account: users.account,
      username: users.username,
      mobile: users.mobile,
      institution: institutions.name,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .leftJoin(institutions, eq(institutions.id, operators.institutionId))
    .orderBy(asc(operators.id))
    .limit(1000);
}
