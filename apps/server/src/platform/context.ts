import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { users } from '../db/schema';
import type { WechatProvider } from '../modules/accounts/wechat';
import type { BrowserPushes } from '../modules/live/browser-push';
import type { MediaStatus } from '../modules/live/media-server';
import type { LiveFiles } from '../modules/live/live-files';
import type { LiveRecorder } from '../modules/live/recording';
import type { TurnStatus } from '../modules/meetings/turn-server';
import type { RealtimeHub } from '../realtime/hub';
import type { Bus } from './bus';
import type { Delivery, OutboxTransport } from './delivery';
import type { JobQueue } from './jobs';
import type { LoginLimits } from './login-limits';
import type { ReadCache } from './read-cache';
import type { SessionCache } from './session-cache';
import type { Storage } from './storage';

type User = typeof users.$inferSelect;

/** What the services share: settings, database and the platform ports. */
export interface AppContext {
  config: Config;
  db: Db;
  bus: Bus;
  /** rooms of the realtime channels: `realtime.publish(rooms.course(id), cmd, data)` after the write commits */
  realtime: RealtimeHub;
  storage: Storage;
  delivery: Delivery;
  /** development mode only: where codes are kept instead of being delivered */
  devOutbox?: OutboxTransport;
  redis?: Redis;
  /** signs reset links and file addresses; fixed by SECRET or generated once and kept in the database */
  secret: string;
  wechat?: WechatProvider;
  /** durable background jobs */
  jobs: JobQueue;
  /** token → session and user for a few seconds; `forgetUser` after any change to a user or their sessions */
  sessions: SessionCache<User>;
  /** app-open answers per user, dropped when the database announces a change to what they were read from */
  reads: ReadCache;
  /** failed logins per account and per address (Redis when configured) */
  loginLimits: LoginLimits;
  /** the lives' media server (nginx-rtmp): running, or what is missing (issue 26) */
  media: MediaStatus;
  /** the built-in meeting's STUN/TURN server (coturn): running, or what is missing (decision 041) */
  turn: TurnStatus;
  /**
   * the lives' recorder and the teachers' browser pushes running on this instance (decision 036), and the
   * live HLS files served from the storage (decision 048)
   */
  lives: { recorder: LiveRecorder; pushes: BrowserPushes; files: LiveFiles };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** answers the web app's page (or the API's 404 when the web app is not built) */
    servePage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
  interface FastifyRequest {
    /** the database's write counter when the request arrived */
    writesAtStart: number;
  }
}
