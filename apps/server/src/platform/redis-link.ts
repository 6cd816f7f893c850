import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import { AppError } from './errors';

/**
 * How every connection to Redis is made (decision 027): a command waits at most COMMAND_TIMEOUT_MS
 * and is retried on one reconnection at most, so a call never hangs on a Redis that went away; while
 * Redis is unreachable the client tries again every RECONNECT_MAX_MS at most, so service comes back
 * within about a second of Redis returning, without a restart.
 */
export const COMMAND_TIMEOUT_MS = 2000;
export const RECONNECT_MAX_MS = 1000;
export const redisOptions: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: COMMAND_TIMEOUT_MS,
  retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
};

/** Redis is unreachable: the call that needs it answers 50300, "try again shortly". */
export const redisUnavailable = () => new AppError('unavailable', 'errors.unavailable', {}, 503);

/**
 * Watches the Redis connections of one instance (the counters', the bus's publisher and listener):
 * each connection's errors are handled here (ioredis would otherwise print every failed reconnection
 * as an unhandled error), and an outage is logged once when it starts and once when it ends, not per
 * command or per reconnection. `down` holds from a connection's first failure until every watched
 * connection is ready again; while it holds, calls that need Redis are refused at once (`run`).
 */
export class RedisLink {
  private clients = new Set<Redis>();
  private downSince?: number;
  /** outages seen (tests and the health of an instance) */
  outages = 0;

  constructor(private log: FastifyBaseLogger) {}

  get down() {
    return this.downSince !== undefined;
  }

  watch(client: Redis) {
    this.clients.add(client);
    client.on('error', (err: Error) => this.lost(err));
    // a connection closed under us (Redis stopped, the network cut) may say so before any error
    client.on('close', () => {
      if (this.clients.has(client) && client.status !== 'end') this.lost();
    });
    client.on('end', () => this.clients.delete(client));
    client.on('ready', () => this.check());
    return client;
  }

  /** Stops watching a connection that is being closed on purpose. */
  forget(client: Redis) {
    this.clients.delete(client);
  }

  /**
   * Runs a command that needs Redis: refused at once (50300) while an outage holds, and a command
   * that fails for want of Redis (closed connection, timeout, retries spent) is refused the same way;
   * a reply error (a bug of ours) goes on as it is.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.down) throw redisUnavailable();
    try {
      return await work();
    } catch (e) {
      if ((e as Error)?.name === 'ReplyError') throw e;
      this.lost(e as Error);
      throw redisUnavailable();
    }
  }

  private lost(err?: Error) {
    if (this.down) return;
    this.downSince = Date.now();
    this.outages++;
    this.log.warn(
      { err: err && { message: err.message, code: (err as { code?: string }).code } },
      'redis unreachable: calls that need it answer 50300 until it returns',
    );
    // a failure that was no outage (one command timed out on a live connection) ends at once
    queueMicrotask(() => this.check());
  }

  private check() {
    if (!this.down) return;
    for (const c of this.clients) if (c.status !== 'ready') return;
    const ms = Date.now() - this.downSince!;
    this.downSince = undefined;
    this.log.info({ ms }, 'redis reachable again');
  }
}

type Callback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface RateStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateStore;
}

/**
 * The rate limiter's Redis store behind the link: refused with 50300 while Redis is unreachable
 * (rate limits hold across instances or the call is not made; no call goes unlimited).
 */
export function guardedRateStore(redis: Redis, link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key: string,
  ) => RateStore;
  const guard = (inner: RateStore): RateStore => {
    const call = (method: 'incr' | 'read') => (key: string, cb: Callback, timeWindow: number, max: number) => {
      link
        .run(
          () =>
            new Promise<{ current: number; ttl: number }>((resolve, reject) =>
              inner[method]!(key, (err, res) => (err ? reject(err) : resolve(res!)), timeWindow, max),
            ),
        )
        .then(
          (res) => cb(null, res),
          (err) => cb(err as Error, null),
        );
    };
    return { incr: call('incr'), read: call('read'), child: (routeOptions) => guard(inner.child(routeOptions)) };
  };
  // the plugin builds its store with `new`: a function returning an object serves as that constructor
  return function GuardedRedisStore(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    return guard(new RedisStore(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff), redis, nameSpace));
  } as unknown as FastifyRateLimitStoreCtor;
}
