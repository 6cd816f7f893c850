import { type CallSpec, vipLevelInForce } from '@paiclass/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { AppContext } from './context';
import { isApiRequest } from './envelope';
import { fail } from './errors';
import { GroupCommit, groupsPerDatabase } from './group-commit';
import { languageFromHeader } from './i18n';
import { sha256 } from './tokens';

export type User = typeof users.$inferSelect;
/** Why a session may only reach a few calls: a weak password to change, or no contact to bind. */
export type Restriction = 'password' | 'bind';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** required (default for API calls), optional (user when a valid token is sent) or none */
    auth?: 'required' | 'optional' | 'none';
    /** restricted sessions that may still make this call */
    allowRestricted?: Restriction[];
    /** the contract's declaration of the call (decision 026) */
    call?: CallSpec;
  }
  interface FastifyRequest {
    user?: User;
    sessionId?: number;
    restricted?: Restriction | null;
    lang: 'zh' | 'en';
  }
}

export function readToken(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return undefined;
}

/**
 * Live sessions and their users by their tokens' hashes: built and prepared once, as every call's
 * first read, for all the calls waiting at once (a class arriving together).
 */
const sessionsQuery = preparedPerDatabase((db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      user: users,
      sessionId: sessions.id,
      restricted: sessions.restricted,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::varchar[])`, gt(sessions.expiresAt, sql`now()`)))
    .prepare('sessions_by_token'),
);
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['execute']>>[number];

async function sessionsOf(db: AppContext['db'], hashes: string[]) {
  const rows = await sessionsQuery(db).execute({ hashes });
  const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
  return hashes.map((h) => byHash.get(h));
}

/** Each app's session reads: the lookups that arrive while one runs are read together in the next. */
const sessionGroupsOf = groupsPerDatabase(
  (ctx: Pick<AppContext, 'db'>) =>
    new GroupCommit<string, SessionRow | undefined>(
      async (hashes) => (await sessionsOf(ctx.db, hashes)).map((value) => ({ ok: true, value })),
      async (hash) => (await sessionsOf(ctx.db, [hash]))[0],
    ),
);

/** The live session and its user for a token, or undefined: from the session cache while fresh, else one query. */
export async function findSession(ctx: Pick<AppContext, 'db' | 'sessions'>, token: string) {
  const tokenHash = sha256(token);
  const cached = ctx.sessions.get(tokenHash);
  if (cached) return cached;
  const generation = ctx.sessions.generation();
  const row = await sessionGroupsOf(ctx).submit(tokenHash);
  if (!row) return undefined;
  ctx.sessions.set(tokenHash, row, generation);
  return row;
}

/**
 * Authenticates every call before its handler: resolves the token to a user, refuses calls that
 * need a login (20003), and keeps restricted sessions to the calls that allow them (20010, 20011).
 */
export function registerAuth(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'sessions'>) {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = languageFromHeader(req.headers['accept-language']);
    done();
  });
  // before validation, so that a logged-in caller's bad input is answered in the account's language
  app.addHook('preValidation', (req, _reply, done) => {
    // API calls need a login unless they say otherwise; documents, the web app and "not found" do not
    const mode = req.routeOptions.config?.auth ?? (!req.is404 && isApiRequest(req) ? 'required' : 'none');
    if (mode === 'none') return done();
    authenticate(ctx, req, mode).then(() => done(), done);
  });
}

/** Resolves the caller's token for a call that takes (`optional`) or needs (`required`) a login. */
async function authenticate(ctx: Pick<AppContext, 'db' | 'sessions'>, req: FastifyRequest, mode: 'optional' | 'required') {
  const token = readToken(req);
  const found = token ? await findSession(ctx, token) : undefined;
  if (found) {
    // a membership past its end is no membership: every privilege check reads `isvip` (issue 28)
    const level = vipLevelInForce(found.user);
    req.user = level === found.user.isvip ? found.user : { ...found.user, isvip: level };
    req.sessionId = found.sessionId;
    req.restricted = (found.restricted as Restriction | null) ?? null;
    req.lang = found.user.lang === 'en' ? 'en' : 'zh';
  }
  if (mode === 'optional') return;
  if (!found) throw fail('notLoggedIn');
  if (req.restricted && !req.routeOptions.config?.allowRestricted?.includes(req.restricted)) {
    throw fail(req.restricted === 'password' ? 'mustResetPassword' : 'mustBindContact');
  }
}

/** The logged-in caller; handlers of `auth: required` routes use it. */
export function caller(req: FastifyRequest): User {
  if (!req.user) throw fail('notLoggedIn');
  return req.user;
}
