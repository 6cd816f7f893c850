import {
  CHAT_MSG_READ,
  CHAT_RETURN_BAD,
  CHAT_RETURN_LOGIN,
  CHAT_RETURN_OK,
  CHAT_RETURN_REFUSED,
  chatGroupMessagePayload,
  chatGroupPayload,
  chatPushPayload,
  chatRemovePayload,
  chatUniqueCode,
  type Language,
} from '@paiclass/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { sessions, users } from '../db/schema';
import * as chat from '../modules/chat/chat.service';
import { CHAT_SOCKET_PATH, readImToken } from '../modules/chat/im-token';
import { absoluteAddresses, bindAddresses, FILE_PATH_PREFIX, publicOrigin } from '../platform/addresses';
import type { User } from '../platform/auth';
import { refuseNulBytes } from '../platform/envelope';
import { AppError, badField } from '../platform/errors';
import { translate } from '../platform/i18n';
import { closeEndedSessions } from './ended-sessions';
import { rooms } from './rooms';

/** a socket not logged in by then is closed */
const LOGIN_TIMEOUT_MS = 10_000;
/** requests a socket may send per RATE_WINDOW_MS; more closes it (the spec's client: a heartbeat per 10 s and what it sends) */
const RATE_LIMIT = 60;
const RATE_WINDOW_MS = 10_000;
/** how many of its latest event numbers a socket remembers, so a replay and the live stream send each once */
const SEEN_MEMORY = 512;
/** close codes: 4401 the login failed or ended (the client asks for a new token) */
export const CHAT_CLOSE_LOGIN = 4401;
/** refusals answered 201 (spec 2 §8: the client toasts "the other party has refused") */
const REFUSED = new Set([
  'chatRefused',
  'chatNotMember',
  'chatNoSharedCourse',
  'courseGone',
  'courseClosed',
  // the teacher forbade chat in the course (spec 2 §6): refused, and the message says why
  'chatForbidden',
  'chatAllForbidden',
]);

/** The chat envelope (spec 2 §7). An event of the user's chat room carries `seq`, the cursor a reconnecting client resumes from. */
export interface ChatEnvelope {
  requestType: string;
  uniqueCode: string;
  payload: unknown;
  returnCode: number;
  returnMsg: string;
  seq?: number;
}

export const chatEnvelope = (e: { seq: number; cmd: string; data: unknown }) =>
  JSON.stringify({
    requestType: e.cmd,
    uniqueCode: (e.data as { uniqueCode?: string } | null)?.uniqueCode ?? '',
    payload: e.data ?? null,
    returnCode: CHAT_RETURN_OK,
    returnMsg: '',
    seq: e.seq,
  } satisfies ChatEnvelope);

/**
 * The chat socket (spec 2 §4, §7; issue 27; decision 028) at `/ws/chat`. Nothing is taken but `ping`
 * and `login {token, since?}`, whose token comes from `/userApi/getIMToken` (short-lived, signed; the
 * session token never travels in the URL). Then: `pushMessage` (stored, published, then answered;
 * msgType 8 marks read), `getMessage` (the session list), `getGroupMessage` (50 a page), `getGroupUserList`,
 * `removeMessage` (recall). Messages reach every member's socket on every instance through the realtime
 * hub (the classroom socket's machinery: stored events, the bus, Redis when configured), in the user's
 * room `chat:<uid>`; a login with `since` first replays what the room published after it (and the
 * hub's window behind it), then what arrived meanwhile, each event once.
 */
export async function chatGateway(app: FastifyInstance) {
  app.ctx.realtime.format('chat:', chatEnvelope);
  const live = new Map<number, Set<ChatSocket>>();
  const all = new Set<ChatSocket>();

  const stopListening = app.ctx.sessions.onForget((userId) => {
    const mine = live.get(userId);
    if (mine) closeEndedSessions(app.ctx, [...mine]).catch((err) => app.log.error({ err }, 'chat socket session check failed'));
  });

  const heartbeat = setInterval(() => {
    for (const s of all) {
      if (!s.alive) {
        s.socket.terminate();
        continue;
      }
      s.alive = false;
      s.socket.ping();
    }
  }, app.ctx.config.wsHeartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    stopListening();
    clearInterval(heartbeat);
    for (const s of all) s.socket.close(1001, 'server closing');
  });

  const registry = {
    add(s: ChatSocket) {
      all.add(s);
      const mine = live.get(s.userId) ?? new Set();
      mine.add(s);
      live.set(s.userId, mine);
    },
    remove(s: ChatSocket) {
      all.delete(s);
      const mine = live.get(s.userId);
      mine?.delete(s);
      if (mine?.size === 0) live.delete(s.userId);
    },
  };

  app.get(CHAT_SOCKET_PATH, { websocket: true, config: { auth: 'none' } }, (socket: WebSocket, req: FastifyRequest) => {
    const s = new ChatSocket(socket, req.lang, app, registry, publicOrigin(req, app.ctx.config.publicUrl));
    socket.on('message', (raw) => s.take(String(raw)));
    socket.on('close', () => s.forget());
  });
}

/** One chat socket: its login, its requests one after another, its room and its cursor. */
class ChatSocket {
  alive = true;
  user?: User;
  sessionId = 0;
  private queue: Promise<void> = Promise.resolve();
  private sent = 0;
  private windowStart = Date.now();
  private room?: string;
  /** while a replay is read, live events wait here */
  private held?: { serialised: string; seq: number }[];
  private seen = new Set<number>();
  private loginTimer: NodeJS.Timeout;
  readonly member = {
    send: (serialised: string, seq: number) => {
      if (this.held) this.held.push({ serialised, seq });
      else this.writeEvent(serialised, seq);
    },
  };

  constructor(
    readonly socket: WebSocket,
    private lang: Language,
    private app: FastifyInstance,
    private registry: { add(s: ChatSocket): void; remove(s: ChatSocket): void },
    /** the origin file addresses are given under (platform/addresses), as an HTTP answer's are */
    private origin: string | undefined,
  ) {
    socket.on('pong', () => {
      this.alive = true;
    });
    this.loginTimer = setTimeout(() => socket.close(1008, 'login timed out'), LOGIN_TIMEOUT_MS);
  }

  get userId() {
    return this.user?.id ?? 0;
  }

  end() {
    this.reply({
      requestType: 'login',
      uniqueCode: '',
      payload: null,
      returnCode: CHAT_RETURN_LOGIN,
      returnMsg: this.t('errors.notLoggedIn'),
    });
    this.socket.close(CHAT_CLOSE_LOGIN, 'login ended');
  }

  forget() {
    clearTimeout(this.loginTimer);
    if (this.room) this.app.ctx.realtime.leave(this.room, this.member);
    this.room = undefined;
    if (this.user) this.registry.remove(this);
  }

  take(raw: string) {
    this.alive = true;
    const now = Date.now();
    if (now - this.windowStart > RATE_WINDOW_MS) {
      this.windowStart = now;
      this.sent = 0;
    }
    if (++this.sent > RATE_LIMIT) {
      this.socket.close(1008, 'too many messages');
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(raw))
      .catch((err) => {
        this.app.log.error({ err }, 'chat socket request failed');
        this.reply({
          requestType: '',
          uniqueCode: '',
          payload: null,
          returnCode: 500,
          returnMsg: this.t('errors.realtimeFailed'),
        });
      });
  }

  private t(key: string, params?: Record<string, string | number>) {
    return translate(this.lang, key, params);
  }

  private reply(e: ChatEnvelope) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(this.addresses(JSON.stringify(e)));
  }

  /**
   * A media message's file address, as every answer's (docs/api.md "File addresses"): the grant bound to
   * this socket's user, so that it opens the file for them alone, and absolute. Done here, per socket:
   * the hub serialises an event once for the room, and a room is one user's.
   */
  private addresses(json: string) {
    if (!json.includes(`"${FILE_PATH_PREFIX}`)) return json;
    const bound = this.user ? bindAddresses(json, this.app.ctx.secret, this.user.id) : json;
    return this.origin ? absoluteAddresses(bound, this.origin) : bound;
  }

  private writeEvent(serialised: string, seq: number) {
    if (this.seen.has(seq)) return;
    this.seen.add(seq);
    if (this.seen.size > SEEN_MEMORY) this.seen.delete(this.seen.values().next().value!);
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.app.ctx.config.wsSendBufferBytes) {
      // fallen behind: it catches up by cursor when it comes back
      this.socket.close(4413, 'fell behind');
      return;
    }
    this.socket.send(this.addresses(serialised));
  }

  private async handle(raw: string) {
    let message: { requestType?: unknown; uniqueCode?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      message = {};
    }
    if (!message || typeof message !== 'object') message = {};
    const requestType = typeof message.requestType === 'string' ? message.requestType : '';
    const uniqueCode = typeof message.uniqueCode === 'string' ? message.uniqueCode : '';
    const payload = message.payload && typeof message.payload === 'object' ? message.payload : {};
    const answer = (data: unknown) =>
      this.reply({ requestType, uniqueCode, payload: data ?? null, returnCode: CHAT_RETURN_OK, returnMsg: '' });
    if (requestType === 'ping') return answer('pong');
    if (requestType === 'login') return this.login(payload as Record<string, unknown>, uniqueCode);
    if (!this.user) {
      return this.reply({
        requestType,
        uniqueCode,
        payload: null,
        returnCode: CHAT_RETURN_LOGIN,
        returnMsg: this.t('errors.chatLogin'),
      });
    }
    const user = this.user;
    const ctx = this.app.ctx;
    try {
      // PostgreSQL's text refuses NUL, and no person types one: refused by field, as the HTTP calls do
      refuseNulBytes(payload);
      if (uniqueCode.includes('\u0000')) throw badField('validation.chatUniqueCode', ['uniqueCode']);
      switch (requestType) {
        case 'pushMessage': {
          const input = parse(chatPushPayload, payload);
          if (input.msgType === CHAT_MSG_READ) return answer(await chat.markRead(ctx, user, input.groupid, input.id));
          const code = parse(chatUniqueCode, uniqueCode, 'uniqueCode');
          const { message: stored } = await chat.sendMessage(ctx, user, input, code);
          return answer(stored);
        }
        case 'getMessage':
          return answer(await chat.sessionList(ctx, user));
        case 'getGroupMessage': {
          const input = parse(chatGroupMessagePayload, payload);
          return answer(await chat.groupMessages(ctx, user, input.groupid, input.pageSize, input.beforeId));
        }
        case 'getGroupUserList':
          return answer(await chat.groupUserList(ctx, user, parse(chatGroupPayload, payload).groupid));
        case 'removeMessage': {
          const input = parse(chatRemovePayload, payload);
          return answer(await chat.recallMessage(ctx, user, input.groupid, input.id));
        }
        default:
          // spec 2 §8: an unknown request type is an error
          return this.reply({
            requestType,
            uniqueCode,
            payload: null,
            returnCode: CHAT_RETURN_BAD,
            returnMsg: this.t('errors.badInput'),
          });
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const returnMsg = e.field
        ? e.messageKey.startsWith('validation.') && e.messageKey !== 'validation.invalid'
          ? this.t(e.messageKey)
          : this.t('validation.invalidField', { field: e.field })
        : this.t(e.messageKey, e.params);
      return this.reply({
        requestType,
        uniqueCode,
        payload: { code: e.code },
        returnCode: REFUSED.has(e.codeName) ? CHAT_RETURN_REFUSED : CHAT_RETURN_BAD,
        returnMsg,
      });
    }
  }

  /**
   * `login {token, since?}`: the token of `/userApi/getIMToken`, whose session must still be live. The
   * answer's `seq` is the cursor to keep; with `since`, what the user's room published after it comes
   * first (spec 2 §4: a reconnecting client gets what it missed).
   */
  private async login(payload: Record<string, unknown>, uniqueCode: string) {
    const named = readImToken(this.app.ctx, payload.token);
    const [found] = named
      ? await this.app.ctx.db
          .select({ user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(
            and(
              eq(sessions.id, named.sessionId),
              eq(sessions.userId, named.userId),
              gt(sessions.expiresAt, new Date()),
              isNull(sessions.restricted),
            ),
          )
      : [];
    if (!found) {
      this.reply({
        requestType: 'login',
        uniqueCode,
        payload: null,
        returnCode: CHAT_RETURN_LOGIN,
        returnMsg: this.t('errors.notLoggedIn'),
      });
      this.socket.close(CHAT_CLOSE_LOGIN, 'not logged in');
      return;
    }
    if (this.user && this.user.id !== found.user.id) {
      // one socket, one user: a second login as someone else is refused
      this.reply({
        requestType: 'login',
        uniqueCode,
        payload: null,
        returnCode: CHAT_RETURN_BAD,
        returnMsg: this.t('errors.badInput'),
      });
      return;
    }
    clearTimeout(this.loginTimer);
    const first = !this.user;
    this.user = found.user;
    this.sessionId = named!.sessionId;
    this.lang = found.user.lang === 'en' ? 'en' : 'zh';
    if (first) this.registry.add(this);
    const hub = this.app.ctx.realtime;
    const room = rooms.chat(found.user.id);
    const since = Number(payload.since);
    const resume =
      payload.since !== undefined && payload.since !== null && payload.since !== '' && Number.isSafeInteger(since) && since >= 0;
    this.held = [];
    try {
      if (!this.room) {
        this.room = room;
        await hub.join(room, this.member);
      }
      let seq = await hub.latest();
      let more = false;
      let replayed: { seq: number; cmd: string; data: unknown }[] = [];
      if (resume) {
        const found = await hub.since([room], since);
        replayed = found.events;
        more = found.more;
      }
      this.reply({
        requestType: 'login',
        uniqueCode,
        payload: { uid: found.user.id, username: found.user.username, seq, more },
        returnCode: CHAT_RETURN_OK,
        returnMsg: '',
      });
      for (const e of replayed) {
        this.writeEvent(hub.serialiseFor(room, e), e.seq);
        seq = Math.max(seq, e.seq);
      }
      for (const h of this.held) this.writeEvent(h.serialised, h.seq);
    } finally {
      this.held = undefined;
    }
  }
}

/** Parses a payload by its schema; a refusal names the field, as the HTTP calls' do. */
function parse<S extends z.ZodType>(schema: S, value: unknown, field?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badField(issue?.message ?? 'validation.invalid', field ? [field] : (issue?.path ?? []));
}
