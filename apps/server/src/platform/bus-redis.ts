import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus } from './bus';
import { type RedisLink, redisOptions } from './redis-link';

/** How long a subscription made before the first connection waits for it (a starting instance). */
const FIRST_CONNECT_WAIT_MS = 1000;

/**
 * Many instances: Redis pub/sub, one connection to publish and one to listen. Loaded only when Redis
 * is configured. While Redis is unreachable the bus is degraded, never stuck (decision 027): a
 * publish reaches this instance's own subscribers only, and a subscription is taken at once and made
 * in Redis when it returns (with every other channel, which ioredis subscribes again by itself).
 */
export class RedisBus implements Bus {
  private pub: Redis;
  private sub: Redis;
  private local = new EventEmitter().setMaxListeners(0);
  /** channels subscribed locally that Redis has not confirmed yet */
  private pending = new Set<string>();

  constructor(
    url: string,
    private prefix = 'paiclass:',
    private link?: RedisLink,
  ) {
    this.pub = new Redis(url, { ...redisOptions, lazyConnect: false });
    this.sub = new Redis(url, { ...redisOptions, lazyConnect: false });
    if (link) {
      link.watch(this.pub);
      link.watch(this.sub);
    } else {
      for (const c of [this.pub, this.sub]) c.on('error', () => {});
    }
    this.sub.on('message', (channel: string, raw: string) => {
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        // not ours (another program on the same Redis, or a cut message): dropped, never thrown in the listener
        return;
      }
      this.local.emit(channel, message);
    });
    this.sub.on('ready', () => void this.subscribePending());
  }

  async publish(topic: string, message: unknown) {
    const channel = this.prefix + topic;
    if (this.link?.down || this.pub.status !== 'ready') return this.publishHere(channel, message);
    try {
      await this.pub.publish(channel, JSON.stringify(message));
    } catch {
      // the write that published it has committed: its message is not lost here for a Redis outage
      this.publishHere(channel, message);
    }
  }

  /** Degraded: this instance's subscribers only, as the memory bus would. */
  private publishHere(channel: string, message: unknown) {
    this.local.emit(channel, structuredClone(message));
  }

  async subscribe(topic: string, handler: (message: unknown) => void) {
    const channel = this.prefix + topic;
    const first = this.local.listenerCount(channel) === 0;
    this.local.on(channel, handler);
    if (first) {
      // a SUBSCRIBE queued while ioredis is still connecting can be lost on a busy machine: a starting
      // instance waits a moment for its first connection; during an outage nothing waits
      if (this.sub.status !== 'ready' && !this.link?.down) await this.ready(FIRST_CONNECT_WAIT_MS);
      this.pending.add(channel);
      await this.subscribePending();
    }
    return async () => {
      this.local.off(channel, handler);
      if (this.local.listenerCount(channel) > 0) return;
      this.pending.delete(channel);
      if (this.sub.status === 'ready') await this.sub.unsubscribe(channel).catch(() => {});
    };
  }

  private ready(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.sub.once('ready', done);
    });
  }

  /** Makes in Redis the subscriptions taken while it was away; what fails waits for the next connection. */
  private async subscribePending() {
    if (this.sub.status !== 'ready' || this.pending.size === 0) return;
    const channels = [...this.pending];
    try {
      await this.sub.subscribe(...channels);
      for (const c of channels) this.pending.delete(c);
      // left meanwhile: not kept in Redis
      const left = channels.filter((c) => this.local.listenerCount(c) === 0);
      if (left.length) await this.sub.unsubscribe(...left);
    } catch {
      // still pending: subscribed when the connection is ready again
    }
  }

  async close() {
    this.local.removeAllListeners();
    this.link?.forget(this.sub);
    this.link?.forget(this.pub);
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
