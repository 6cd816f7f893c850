import { and, gt, inArray, isNull } from 'drizzle-orm';
import { sessions } from '../db/schema';
import type { AppContext } from '../platform/context';

/** A socket logged in with a session, which it closes when told the session has ended. */
export interface SessionSocket {
  readonly sessionId: number;
  end(): void;
}

/**
 * Closes those of the sockets whose session has ended (gone, expired or restricted), in one query:
 * the classroom and the chat sockets both ask when the session cache forgets a user.
 */
export async function closeEndedSessions(ctx: AppContext, sockets: readonly SessionSocket[]) {
  if (sockets.length === 0) return;
  const valid = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(
          sessions.id,
          sockets.map((s) => s.sessionId),
        ),
        gt(sessions.expiresAt, new Date()),
        isNull(sessions.restricted),
      ),
    );
  const kept = new Set(valid.map((v) => v.id));
  for (const s of sockets) if (!kept.has(s.sessionId)) s.end();
}
