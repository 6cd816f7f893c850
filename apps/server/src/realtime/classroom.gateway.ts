import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { sessions } from '../db/schema';
import { findSession } from '../platform/auth';
import { translate } from '../platform/i18n';
import { userTopic } from './topics';

/**
 * The classroom and attendance channel `/ws/classroom` (spec 2 §7): the client offers its token and
 * a hash as sub-protocols; the token is checked before any message is taken. Messages are
 * `{cmd, data}`; `ping` answers `System.pong`. What is published to the user's topic (message
 * notices) is forwarded, from any instance. Classroom commands join this gateway in later issues.
 *
 * A socket lives only as long as its session: when a session is revoked anywhere (logout, password
 * change or reset, any `forgetUser`, which every instance hears through the bus), the user's sockets
 * on this instance check their sessions again and those ended are closed (4401); a session's expiry
 * closes its sockets too.
 */
export async function classroomGateway(app: FastifyInstance) {
  const live = new Map<number, Set<LiveSocket>>();
  // forgets heard so far: a socket whose login was being checked while one arrived checks again
  let forgetsHeard = 0;

  /** Closes those of the sockets whose session has ended (gone, expired or restricted). */
  async function recheck(sockets: LiveSocket[]) {
    if (sockets.length === 0) return;
    const valid = await app.ctx.db
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
  const recheckLogged = (sockets: LiveSocket[]) =>
    recheck(sockets).catch((err) => app.log.error({ err }, 'socket session check failed'));

  const stopListening = app.ctx.sessions.onForget((userId) => {
    forgetsHeard++;
    const mine = live.get(userId);
    if (mine) void recheckLogged([...mine]);
  });
  app.addHook('onClose', async () => {
    stopListening();
    for (const set of live.values()) for (const s of set) s.socket.close(1001, 'server closing');
  });

  app.get('/ws/classroom', { websocket: true, config: { auth: 'none' } }, (socket: WebSocket, req) => {
    // listen at once: a message sent right after the socket opens must not be lost while the token is checked
    const early: string[] = [];
    let handle: ((raw: string) => void) | undefined;
    socket.on('message', (raw) => (handle ? handle(String(raw)) : early.push(String(raw))));

    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const heardBefore = forgetsHeard;
    const accepted = offered[0] ? findSession(app.ctx, offered[0]) : Promise.resolve(undefined);
    accepted.then(
      (found) => {
        if (!found || found.restricted) {
          socket.send(
            JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(req.lang, 'errors.notLoggedIn'), data: null }),
          );
          socket.close(4401, 'not logged in');
          return;
        }
        const lang = found.user.lang === 'en' ? 'en' : 'zh';
        handle = (raw) => {
          let message: { cmd?: unknown; data?: unknown };
          try {
            message = JSON.parse(raw);
          } catch {
            socket.send(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(lang, 'errors.badInput'), data: null }));
            return;
          }
          if (message.cmd === 'ping')
            socket.send(JSON.stringify({ cmd: 'System.pong', code: 0, msg: '', data: message.data ?? null }));
        };
        for (const raw of early.splice(0)) handle(raw);
        // what the caller should hear of (message notices, ...), from any instance
        const forward = (message: unknown) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        };
        const subscribed = app.ctx.bus.subscribe(userTopic(found.user.id), forward);

        // the socket ends with its session
        const userId = found.user.id;
        let expiry: NodeJS.Timeout | undefined;
        const entry: LiveSocket = {
          socket,
          sessionId: found.sessionId,
          end: () => {
            if (socket.readyState !== socket.OPEN) return;
            socket.send(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(lang, 'errors.notLoggedIn'), data: null }));
            socket.close(4401, 'session ended');
          },
        };
        const mine = live.get(userId) ?? new Set<LiveSocket>();
        mine.add(entry);
        live.set(userId, mine);
        const armExpiry = () => {
          // a timer holds at most 2^31-1 ms: a longer session is checked again when it fires
          const wait = Math.min(found.expiresAt.getTime() - Date.now(), 2 ** 31 - 1);
          expiry = setTimeout(
            () => void recheckLogged([entry]).then(() => socket.readyState === socket.OPEN && armExpiry()),
            Math.max(wait, 1000),
          );
          expiry.unref();
        };
        armExpiry();
        if (forgetsHeard !== heardBefore) void recheckLogged([entry]);

        socket.on('close', () => {
          clearTimeout(expiry);
          mine.delete(entry);
          if (mine.size === 0 && live.get(userId) === mine) live.delete(userId);
          subscribed.then((stop) => stop()).catch((err) => req.log.warn({ err }, 'unsubscribe failed'));
        });
      },
      (err) => {
        req.log.error({ err }, 'socket authentication failed');
        socket.close(1011, 'server error');
      },
    );
  });
}

interface LiveSocket {
  socket: WebSocket;
  sessionId: number;
  /** tells the client its login ended and closes the socket */
  end(): void;
}
