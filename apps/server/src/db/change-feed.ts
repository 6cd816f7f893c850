import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { Client } from 'pg';

/**
 * The channel on which the database announces what changed: a trigger on every watched table
 * (the change-feed migration) sends, for each row written, its tags — `c<course id>` and
 * `u<user id>` — separated by spaces. Notifications leave at commit, so a rolled-back write sends none.
 */
export const CHANGE_CHANNEL = 'paiclass_changed';

/**
 * Tables whose writes never change an answer that is kept in memory: queues, codes, sessions and
 * upload bookkeeping. Every other table carries the change trigger; a test checks it.
 */
export const UNWATCHED_TABLES = [
  // VIP products, orders and payment notifications: no cached answer reads them (issue 28)
  'vip_products',
  'orders',
  'payment_notifications',
  'payment_refunds',
  'invoices',
  'invoice_orders',
  // WeChat Pay JSAPI's payers and OAuth states: read by the payment calls only (decision 054)
  'wechat_payers',
  'wechat_oauth_states',
  // institution VIP grants: the grant in force is copied onto the user's row, which is watched (decision 039)
  'institution_vip_grants',
  // operators (decision 053): read only by the admin calls, each time, never by a cached answer
  'operators',
  'jobs',
  'outbox',
  'sessions',
  'verification_codes',
  'password_resets',
  'uploads',
  'settings',
  'realtime_events',
  // the built-in meeting's presences: read by the meeting calls only, never through the read cache (decision 041)
  'meeting_presences',
  'test_answers',
  'class_presentations',
  // the pages shown in class: written by every page turn, read by no cached answer (decision 025)
  'class_slide_views',
  'barrage_switches',
  'barrage_messages',
  'races',
  'race_entries',
  // refused GPS check-ins: read by the teacher's lists, never through the read cache (decision 013)
  'attendance_refusals',
  'interact_answers',
  // a practice's answers are read only by the practice calls, never through the read cache
  'practice_items',
  'speak_letters',
  'class_controls',
  'speak_mutes',
  'course_questions',
  'course_question_replies',
  // who watched a live or joined a meeting: read by the live and meeting calls, never through the read cache
  'content_watch_logs',
  // chats and their messages (decision 028): read by the chat calls and socket, never through the read cache
  'chat_groups',
  'chat_group_users',
  'chat_messages',
  // the chat bans: read by the chat calls and socket on every send, never through the read cache
  'chat_controls',
  'chat_mutes',
];

/**
 * What the database tells the in-process read cache: the tags of committed changes, and a fence
 * that waits until every change committed before it has been heard. Every instance listens, so a
 * change made through one instance reaches the caches of all of them.
 */
export interface ChangeFeed {
  /** Write statements started on this process so far (a counter, bumped by the query logger). */
  readonly writes: number;
  /** Counts one more write: a request that wrote calls it once it has committed. */
  wrote(): void;
  /** Whether every change is being heard: false while the listening connection is down. */
  readonly listening: boolean;
  /** Calls `onTags` for each change and `onReset` when changes may have been missed. */
  subscribe(onTags: (tags: string[]) => void, onReset: () => void): () => void;
  /** Resolves once every change committed before the call has been passed to the subscribers. */
  fence(): Promise<void>;
  close(): Promise<void>;
}

const WRITE = /^\s*(insert|update|delete|commit|with|truncate|merge)\b/i;

/** The shared part: the write counter (fed by a query logger) and the subscribers. */
abstract class BaseFeed implements ChangeFeed {
  writes = 0;
  private listeners = new Set<{ onTags: (tags: string[]) => void; onReset: () => void }>();

  /** A drizzle logger that counts write statements, then passes every query on to `next`. */
  logger(next?: Logger): Logger {
    return {
      logQuery: (query, params) => {
        if (WRITE.test(query)) this.writes++;
        next?.logQuery(query, params);
      },
    };
  }

  wrote() {
    this.writes++;
  }

  abstract readonly listening: boolean;

  subscribe(onTags: (tags: string[]) => void, onReset: () => void) {
    const listener = { onTags, onReset };
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  protected heard(payload: string) {
    const tags = payload.split(' ');
    for (const l of this.listeners) l.onTags(tags);
  }

  protected reset() {
    for (const l of this.listeners) l.onReset();
  }

  abstract fence(): Promise<void>;
  abstract close(): Promise<void>;
}

/** PGlite runs in this process and calls listeners before the statement's promise resolves: no fence needed. */
export class PgliteChangeFeed extends BaseFeed {
  listening = false;
  private unlisten?: () => Promise<void>;

  async start(client: PGlite) {
    this.unlisten = await client.listen(CHANGE_CHANNEL, (payload) => this.heard(payload));
    this.listening = true;
  }

  fence() {
    return Promise.resolve();
  }

  async close() {
    this.listening = false;
    await this.unlisten?.().catch(() => {});
  }
}

/**
 * PostgreSQL: one connection of its own, LISTENing. PostgreSQL sends a notification before the answer
 * to any later statement on that connection, so a `select 1` on it is the fence. Pings are shared: a
 * fence waits for the last ping sent after the writes it must cover. When the connection drops, the
 * subscribers reset and the feed reconnects; until then `listening` is false and nothing is cached.
 */
export class PostgresChangeFeed extends BaseFeed {
  listening = false;
  private client?: Client;
  private closed = false;
  private lastPing?: { covers: number; done: Promise<void> };
  private retry?: NodeJS.Timeout;

  constructor(
    private connect: () => Client,
    private onError: (err: Error) => void,
  ) {
    super();
  }

  async start() {
    const client = this.connect();
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) this.heard(message.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`listen ${CHANGE_CHANNEL}`);
    this.client = client;
    this.lastPing = undefined;
    this.listening = true;
  }

  private lost(client: Client, err?: Error) {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.listening = false;
    this.reset();
    if (err) this.onError(err);
    client.end().catch(() => {});
    this.reconnect();
  }

  private reconnect() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start().catch((err: Error) => {
        this.onError(err);
        this.reconnect();
      });
    }, 1_000);
    this.retry.unref();
  }

  fence() {
    const client = this.client;
    if (!client) return Promise.reject(new Error('change feed not listening'));
    const covers = this.writes;
    if (this.lastPing && this.lastPing.covers >= covers) return this.lastPing.done;
    const done = client.query('select 1').then(() => undefined);
    this.lastPing = { covers, done };
    return done;
  }

  async close() {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }
}
