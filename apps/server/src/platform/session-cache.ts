import type { Bus } from './bus';

/** What a token resolves to: the session and its user, as the auth hook reads them. */
export interface CachedSession<U extends { id: number }> {
  user: U;
  sessionId: number;
  restricted: string | null;
  expiresAt: Date;
}

interface Entry<U extends { id: number }> {
  session: CachedSession<U>;
  /** when this instance stops trusting the entry without asking the database again */
  freshUntil: number;
}

const FORGET_TOPIC = 'auth.forget';

/**
 * A short-lived, in-process cache of token → session and user, so that most calls need no session
 * query. Anything that changes a user or ends or restricts their sessions calls `forgetUser`: the entry
 * goes at once on this instance and, through the bus, on every other one. A lookup that started before
 * any `forgetUser` arrived is not cached (a generation counter), so a logout is never undone by a slow read.
 */
export class SessionCache<U extends { id: number }> {
  private entries = new Map<string, Entry<U>>();
  private byUser = new Map<number, Set<string>>();
  private forgets = 0;
  private unsubscribe?: () => Promise<void>;
  private listeners = new Set<(userId: number) => void>();

  constructor(
    private bus: Bus,
    private ttlMs = 5_000,
    private maxEntries = 20_000,
  ) {}

  async start() {
    this.unsubscribe = await this.bus.subscribe(FORGET_TOPIC, (message) => {
      const userId = (message as { userId?: unknown }).userId;
      if (typeof userId !== 'number') return;
      this.dropLocal(userId);
      for (const listener of this.listeners) listener(userId);
    });
  }

  /**
   * Calls `listener` with the user's id whenever `forgetUser` ran on any instance (this one included,
   * through the bus): what keeps a session's state beyond a request (a socket) checks it again.
   * Returns a function that stops listening.
   */
  onForget(listener: (userId: number) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async stop() {
    await this.unsubscribe?.();
    this.listeners.clear();
    this.entries.clear();
    this.byUser.clear();
  }

  /** The cached session for a token hash, while fresh and not expired. */
  get(tokenHash: string, now = Date.now()): CachedSession<U> | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.session.expiresAt.getTime() <= now) {
      this.remove(tokenHash, entry.session.user.id);
      return undefined;
    }
    return entry.session;
  }

  /** A number to read before asking the database, and to hand back to `set` with its answer. */
  generation() {
    return this.forgets;
  }

  set(tokenHash: string, session: CachedSession<U>, generationAtLookup: number, now = Date.now()) {
    if (this.forgets !== generationAtLookup) return;
    if (this.entries.size >= this.maxEntries) {
      // the oldest entry goes first: Map keeps insertion order
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest, this.entries.get(oldest)!.session.user.id);
    }
    this.entries.set(tokenHash, { session, freshUntil: now + this.ttlMs });
    const tokens = this.byUser.get(session.user.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.byUser.set(session.user.id, tokens);
  }

  /**
   * Forgets every cached session of a user, here and on every instance: after a logout, a password
   * change, a lifted restriction or any change to the user row.
   */
  async forgetUser(userId: number) {
    this.dropLocal(userId);
    await this.bus.publish(FORGET_TOPIC, { userId });
  }

  private dropLocal(userId: number) {
    this.forgets++;
    const tokens = this.byUser.get(userId);
    if (!tokens) return;
    for (const hash of tokens) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  private remove(tokenHash: string, userId: number) {
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }
}
