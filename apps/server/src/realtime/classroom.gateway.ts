import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { findSession } from '../platform/auth';
import { translate } from '../platform/i18n';

/**
 * The classroom and attendance channel `/ws/classroom` (spec 2 §7): the client offers its token and
 * a hash as sub-protocols; the token is checked before any message is taken. Messages are
 * `{cmd, data}`; `ping` answers `System.pong`. Classroom commands join this gateway in later issues.
 */
export async function classroomGateway(app: FastifyInstance) {
  app.get('/ws/classroom', { websocket: true, config: { auth: 'none' } }, async (socket: WebSocket, req) => {
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const found = offered[0] ? await findSession(app.ctx.db, offered[0]) : undefined;
    if (!found || found.restricted) {
      socket.send(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(req.lang, 'errors.notLoggedIn'), data: null }));
      socket.close(4401, 'not logged in');
      return;
    }
    const lang = found.user.lang === 'en' ? 'en' : 'zh';
    socket.on('message', (raw) => {
      let message: { cmd?: unknown; data?: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        socket.send(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(lang, 'errors.badInput'), data: null }));
        return;
      }
      if (message.cmd === 'ping') socket.send(JSON.stringify({ cmd: 'System.pong', code: 0, msg: '', data: message.data ?? null }));
    });
  });
}
