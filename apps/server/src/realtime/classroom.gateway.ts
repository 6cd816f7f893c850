import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { findSession } from '../platform/auth';
import { translate } from '../platform/i18n';
import { userTopic } from './topics';

/**
 * The classroom and attendance channel `/ws/classroom` (spec 2 §7): the client offers its token and
 * a hash as sub-protocols; the token is checked before any message is taken. Messages are
 * `{cmd, data}`; `ping` answers `System.pong`. What is published to the user's topic (message
 * notices) is forwarded, from any instance. Classroom commands join this gateway in later issues.
 */
export async function classroomGateway(app: FastifyInstance) {
  app.get('/ws/classroom', { websocket: true, config: { auth: 'none' } }, (socket: WebSocket, req) => {
    // listen at once: a message sent right after the socket opens must not be lost while the token is checked
    const early: string[] = [];
    let handle: ((raw: string) => void) | undefined;
    socket.on('message', (raw) => (handle ? handle(String(raw)) : early.push(String(raw))));

    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const accepted = offered[0] ? findSession(app.ctx, offered[0]) : Promise.resolve(undefined);
    accepted.then(
      (found) => {
        if (!found || found.restricted) {
          socket.send(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(req.lang, 'errors.notLoggedIn'), data: null }));
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
          if (message.cmd === 'ping') socket.send(JSON.stringify({ cmd: 'System.pong', code: 0, msg: '', data: message.data ?? null }));
        };
        for (const raw of early.splice(0)) handle(raw);
        // what the caller should hear of (message notices, ...), from any instance
        const forward = (message: unknown) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        };
        const subscribed = app.ctx.bus.subscribe(userTopic(found.user.id), forward);
        socket.on('close', () => {
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
