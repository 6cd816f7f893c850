import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Restriction } from '../../platform/auth';
import { newToken, sha256 } from '../../platform/tokens';

const DAY_MS = 24 * 3600 * 1000;

/** A new session: a random token returned once, its hash kept; 1 day, or 30 with "remember me". */
export async function createSession(db: Db, userId: number, remember: boolean, restricted: Restriction | null) {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    restricted,
    expiresAt: new Date(Date.now() + (remember ? 30 : 1) * DAY_MS),
  });
  return token;
}

export const endSession = (db: Db, sessionId: number) => db.delete(sessions).where(eq(sessions.id, sessionId));
/** Every session of the account ends: after a password change or reset. */
export const endAllSessions = (db: Db, userId: number) => db.delete(sessions).where(eq(sessions.userId, userId));
export const liftRestriction = (db: Db, userId: number, restriction: Restriction) =>
  db
    .update(sessions)
    .set({ restricted: null })
    .where(and(eq(sessions.userId, userId), eq(sessions.restricted, restriction)));
