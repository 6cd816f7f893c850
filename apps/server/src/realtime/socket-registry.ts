import type { Redis } from 'ioredis';

/**
 * Every instance's classroom sockets of a user, in Redis (when configured), so that the cap on one
 * user's sockets (`WS_SOCKETS_PER_USER`) holds across instances: a sorted set per user whose members
 * are the sockets' keys (the opening time first, so they sort oldest first) and whose scores are when
 * their instance last said they were open. Each instance refreshes its sockets at every heartbeat; an
 * instance that stopped (crashed) without removing its own is forgotten after `staleMs`.
 */
export class SocketRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly staleMs: number,
  ) {}

  /** A socket key that sorts by opening time: `<ms, 15 digits>:<instance>:<serial>`. */
  static key(openedAt: number, instance: string, serial: number) {
    return `${String(openedAt).padStart(15, '0')}:${instance}:${serial}`;
  }

  /** Records the socket; answers the keys of the user's sockets beyond `cap` on any instance, oldest first. */
  async opened(userId: number, key: string, cap: number) {
    const set = this.prefix + userId;
    const now = Date.now();
    const answers = await this.redis
      .multi()
      .zremrangebyscore(set, '-inf', now - this.staleMs)
      .zadd(set, now, key)
      .pexpire(set, this.staleMs)
      .zrange(set, 0, -1)
      .exec();
    const keys = ((answers?.[3]?.[1] as string[] | undefined) ?? []).sort();
    return keys.slice(0, Math.max(0, keys.length - cap));
  }

  async closed(userId: number, keys: string[]) {
    if (keys.length > 0) await this.redis.zrem(this.prefix + userId, ...keys);
  }

  /** Says again that these sockets are open (each heartbeat). */
  async refresh(sockets: { userId: number; key: string }[]) {
    if (sockets.length === 0) return;
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const s of sockets) pipeline.zadd(this.prefix + s.userId, now, s.key).pexpire(this.prefix + s.userId, this.staleMs);
    await pipeline.exec();
  }
}
