import type { ChangeFeed } from '../db/change-feed';
import { keepAnswer } from './responses';

/** What a cached read answers with: its value, the tags of what it was read from, and until when it holds. */
export interface Readout<T> {
  value: T;
  /** `c<course id>` and `u<user id>` of everything the value depends on */
  tags: Iterable<string>;
  /** when time alone changes the answer (a deadline passes), in ms; capped at the cache's `maxAgeMs` */
  until?: number;
}

interface Entry {
  value: unknown;
  tags: string[];
  until: number;
}

/**
 * Answers of the app-open reads (course list, to-dos) kept in memory per user and query, until the
 * database says something they were read from changed. Correctness rests on the change feed:
 * - every watched table's trigger names the courses and users a written row belongs to, and the
 *   entries holding any of those tags go;
 * - after a write on this instance, a read first waits for the feed's fence, so a caller always sees
 *   their own change; other instances hear it within the notification's round trip;
 * - a read that overlapped any change is answered but not kept (a generation counter), so a slow
 *   read never stores what a change had already replaced;
 * - time-driven changes (a deadline passing) end an entry at `until`, and no entry lives past `maxAgeMs`;
 * - while the feed is not listening, nothing is kept and everything kept is dropped.
 */
export class ReadCache {
  private entries = new Map<string, Entry>();
  private byTag = new Map<string, Set<string>>();
  private generation = 0;
  private fencedWrites: number;
  private unsubscribe: () => void;

  constructor(
    private feed: ChangeFeed,
    private maxAgeMs = 30_000,
    private maxEntries = 20_000,
  ) {
    this.fencedWrites = feed.writes;
    this.unsubscribe = feed.subscribe(
      (tags) => this.invalidate(tags),
      () => this.clear(),
    );
  }

  /** The kept answer for `key`, or `read()`'s, kept when nothing it depends on changed meanwhile. */
  async remember<T>(key: string, read: () => Promise<Readout<T>>): Promise<T> {
    if (!(await this.caughtUp())) return (await read()).value;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as T;
    if (hit) this.remove(key);
    const generation = this.generation;
    const out = await read();
    if (generation === this.generation && this.feed.listening) this.keep(key, out, now);
    return out.value;
  }

  /** Whether kept answers may be used: the feed listens and has passed on every change this instance made. */
  private async caughtUp() {
    if (!this.feed.listening) return false;
    const writes = this.feed.writes;
    if (writes === this.fencedWrites) return true;
    try {
      await this.feed.fence();
    } catch {
      return false;
    }
    this.fencedWrites = Math.max(this.fencedWrites, writes);
    return true;
  }

  private keep(key: string, out: Readout<unknown>, now: number) {
    const tags = [...new Set(out.tags)];
    const until = Math.min(now + this.maxAgeMs, out.until ?? Number.POSITIVE_INFINITY);
    if (until <= now) return;
    if (this.entries.has(key)) this.remove(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    keepAnswer(out.value);
    this.entries.set(key, { value: out.value, tags, until });
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (keys) keys.add(key);
      else this.byTag.set(tag, new Set([key]));
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Drops every entry read from any of the tags. */
  invalidate(tags: string[]) {
    this.generation++;
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (keys) for (const key of [...keys]) this.remove(key);
    }
  }

  /** Drops everything (the feed may have missed changes, or a test starts cold). */
  clear() {
    this.generation++;
    this.entries.clear();
    this.byTag.clear();
  }

  get size() {
    return this.entries.size;
  }

  stop() {
    this.unsubscribe();
    this.clear();
  }
}
