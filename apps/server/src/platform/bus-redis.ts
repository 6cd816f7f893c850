import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus } from './bus';

/** Many instances: Redis pub/sub, one connection to publish and one to listen. Loaded only when Redis is configured. */
export class RedisBus implements Bus {
  private pub: Redis;
  private sub: Redis;
  private local = new EventEmitter().setMaxListeners(0);

  constructor(url: string, private prefix = 'paiclass:') {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
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
  }
  async publish(topic: string, message: unknown) {
    await this.pub.publish(this.prefix + topic, JSON.stringify(message));
  }
  async subscribe(topic: string, handler: (message: unknown) => void) {
    const channel = this.prefix + topic;
    // a SUBSCRIBE queued while ioredis is still connecting can be lost on a busy machine: wait until ready
    if (this.sub.status !== 'ready') await new Promise((resolve) => this.sub.once('ready', resolve));
    if (this.local.listenerCount(channel) === 0) await this.sub.subscribe(channel);
    this.local.on(channel, handler);
    return async () => {
      this.local.off(channel, handler);
      if (this.local.listenerCount(channel) === 0) await this.sub.unsubscribe(channel);
    };
  }
  async close() {
    this.local.removeAllListeners();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
