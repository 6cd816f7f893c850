import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_FIGURE_AFTER_FAILURES } from '@paiclass/shared';
import type { Redis } from 'ioredis';
import { fail } from './errors';
import type { RedisLink } from './redis-link';

/**
 * Counters in fixed windows: how many failed logins an account, or a client address, had lately.
 * Redis when configured (shared by every instance); otherwise kept in this process's memory.
 */
export interface CounterStore {
  /** the live counts of these keys (0 for none) */
  get(keys: string[]): Promise<number[]>;
  /** adds one, starting a window of `windowMs` when the key has none live; answers the new count */
  increment(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * The in-memory store: a Map of fixed windows that are removed only once expired. Nothing live is
 * ever evicted to make room (an LRU of N keys is flushed by N made-up identifiers); the per-address
 * cap, checked before any account key is made, bounds how many keys one address can create.
 */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private writes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async get(keys: string[]) {
    const at = this.now();
    return keys.map((k) => {
      const w = this.windows.get(k);
      return w && w.resetAt > at ? w.count : 0;
    });
  }

  async increment(key: string, windowMs: number) {
    const at = this.now();
    if (++this.writes % 1000 === 0) this.prune(at);
    const w = this.windows.get(key);
    if (w && w.resetAt > at) return ++w.count;
    this.windows.set(key, { count: 1, resetAt: at + windowMs });
    return 1;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  /** drops the expired windows, and only those */
  prune(at = this.now()) {
    for (const [k, w] of this.windows) if (w.resetAt <= at) this.windows.delete(k);
  }

  get size() {
    return this.windows.size;
  }
}

/**
 * The Redis store: one key per counter, expiring with its window. Through the link: while Redis is
 * unreachable every use is refused with 50300 (a login is not checked against limits it cannot read).
 */
export class RedisCounters implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'paiclass-login:',
    private readonly link?: RedisLink,
  ) {}

  private run<T>(work: () => Promise<T>) {
    return this.link ? this.link.run(work) : work();
  }

  async get(keys: string[]) {
    const values = await this.run(() => this.redis.mget(keys.map((k) => this.prefix + k)));
    return values.map((v) => Number(v ?? 0));
  }

  async increment(key: string, windowMs: number) {
    // the window starts with the key and is never extended by later failures
    return this.run(async () => {
      await this.redis.set(this.prefix + key, 0, 'PX', windowMs, 'NX');
      return this.redis.incr(this.prefix + key);
    });
  }

  async reset(key: string) {
    await this.run(() => this.redis.del(this.prefix + key));
  }
}

/**
 * Login limits. Failures are counted per account (one counter whatever identifier named it: phone,
 * email or account name; an identifier that names no account is counted under its normalised self)
 * and per client address across accounts. An address past its cap is refused (42900) before anything
 * else; an account past a few failures needs the picture code on every address until its window ends.
 */
export class LoginLimits {
  private readonly windowMs = LOGIN_FAILURE_WINDOW_SECONDS * 1000;

  constructor(readonly store: CounterStore) {}

  static accountKey(accountId: number | undefined, identifier: string) {
    return accountId ? `account:${accountId}` : `name:${identifier.trim().toLowerCase()}`;
  }

  /** Refuses an address past its cap; answers whether this account must pass a picture code. */
  async check(address: string, accountKey: string): Promise<{ figureRequired: boolean }> {
    const [byAddress = 0, byAccount = 0] = await this.store.get([`address:${address}`, accountKey]);
    if (byAddress >= LOGIN_ADDRESS_MAX_FAILURES) throw fail('rateLimited', { seconds: LOGIN_FAILURE_WINDOW_SECONDS });
    return { figureRequired: byAccount >= LOGIN_FIGURE_AFTER_FAILURES };
  }

  async failed(address: string, accountKey: string) {
    // the address first: its cap bounds the account keys one address can make
    await this.store.increment(`address:${address}`, this.windowMs);
    await this.store.increment(accountKey, this.windowMs);
  }

  async succeeded(accountKey: string) {
    await this.store.reset(accountKey);
  }
}
