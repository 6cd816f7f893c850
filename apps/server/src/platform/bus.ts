import { EventEmitter } from 'node:events';

/** Publish/subscribe between the parts of PaiClass and, through Redis, between instances. */
export interface Bus {
  publish(topic: string, message: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(topic: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One process: an event emitter. */
export class MemoryBus implements Bus {
  private emitter = new EventEmitter().setMaxListeners(0);
  async publish(topic: string, message: unknown) {
    // a copy, as Redis would deliver, so no subscriber shares the publisher's object
    this.emitter.emit(topic, structuredClone(message));
  }
  async subscribe(topic: string, handler: (message: unknown) => void) {
    this.emitter.on(topic, handler);
    return async () => {
      this.emitter.off(topic, handler);
    };
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}
