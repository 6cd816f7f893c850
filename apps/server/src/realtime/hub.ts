import { and, desc, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { realtimeEvents } from '../db/schema';
import type { Bus } from '../platform/bus';

/** A socket (or anything else) in a room: it is handed the serialised message, the same string for everyone. */
export interface RoomMember {
  send(serialised: string, seq: number, room: string): void;
}

/** What crosses the bus between instances: one per event, whatever the number of sockets. */
interface BusEvent {
  room: string;
  seq: number;
  cmd: string;
  data: unknown;
}

interface PendingEvent {
  room: string;
  cmd: string;
  data: unknown;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const BUS_TOPIC = (room: string) => `room:${room}`;
/** at most this many events stored by one insert */
const STORE_BATCH = 500;
/** how long events are kept for sockets that come back */
const KEEP_MS = 24 * 3600_000;
/** at most this many missed events are replayed to a socket that comes back; it refetches beyond that */
export const REPLAY_LIMIT = 200;
/**
 * The window behind a cursor that a replay sends again (decision 016): ids are taken when an INSERT
 * starts and become visible when it commits, so on PostgreSQL with several instances a lower id can
 * commit after a higher one a client already saw. A replay also sends the rooms' events numbered up
 * to the cursor that were stored at most REPLAY_WINDOW_MS before the cursor's own event (stored
 * is the INSERT's start, the moment the id was taken), at most REPLAY_WINDOW_LIMIT of them, the newest;
 * the client drops the ones it has seen, by id.
 */
export const REPLAY_WINDOW_MS = 10_000;
export const REPLAY_WINDOW_LIMIT = 200;

export const serialise = (e: { seq: number; cmd: string; data: unknown }) =>
  JSON.stringify({ cmd: e.cmd, code: 0, msg: '', data: e.data ?? null, seq: e.seq });

/**
 * Rooms and their events. `publish` stores the event, then sends it once over the bus; each instance
 * subscribes to a room's bus topic while at least one of its sockets is in the room, serialises each
 * event once and hands the same string to every member. Events are numbered (`seq`, the row id), so a
 * socket that reconnects asks for what it missed (`since`).
 */
export class RealtimeHub {
  /** events waiting to be stored, and whether a store is under way */
  private waiting: PendingEvent[] = [];
  private storing = false;
  private local = new Map<string, { members: Set<RoomMember>; subscribed: Promise<() => Promise<void>> }>();
  private purgeTimer: NodeJS.Timeout;
  /** rooms whose names start with a prefix and how their events are written (the chat socket's envelope) */
  private formats: [string, (e: { seq: number; cmd: string; data: unknown }) => string][] = [];

  constructor(
    private db: Db,
    private bus: Bus,
    private log: FastifyBaseLogger,
  ) {
    this.purgeTimer = setInterval(() => void this.purge().catch((err) => log.warn({ err }, 'realtime purge failed')), 3600_000);
    this.purgeTimer.unref();
  }

  /**
   * Stores the event, then fans it out to every socket in the room on every instance; resolves once
   * it is stored and sent. Call it after your transaction commits. Events published while a store is
   * in flight wait and are stored together by the next one: a storm of check-ins costs a few inserts,
   * not one per arrival.
   */
  publish(room: string, cmd: string, data: unknown): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ room, cmd, data, resolve, reject });
      if (!this.storing) void this.store();
    });
  }

  /**
   * Several events at once, stored by one insert (up to STORE_BATCH) and each sent over the bus: a
   * notice to each of a course's students costs one insert, not one per student (issue 23).
   */
  publishMany(events: { room: string; cmd: string; data: unknown }[]): Promise<void> {
    const stored = events.map((e) => new Promise<void>((resolve, reject) => this.waiting.push({ ...e, resolve, reject })));
    if (events.length > 0 && !this.storing) void this.store();
    return Promise.all(stored).then(() => undefined);
  }

  /** Stores the waiting events with one insert and sends each over the bus, until none wait. */
  private async store() {
    this.storing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, STORE_BATCH);
      try {
        const rows = await this.db
          .insert(realtimeEvents)
          .values(batch.map(({ room, cmd, data }) => ({ room, cmd, data })))
          .returning({ id: realtimeEvents.id });
        // one statement takes its ids from the sequence in the order of its rows
        const ids = rows.map((r) => r.id).sort((x, y) => x - y);
        await Promise.all(
          batch.map(({ room, cmd, data }, i) =>
            this.bus.publish(BUS_TOPIC(room), { room, seq: ids[i]!, cmd, data } satisfies BusEvent),
          ),
        );
        for (const e of batch) e.resolve();
      } catch (err) {
        for (const e of batch) e.reject(err);
      }
    }
    this.storing = false;
  }

  /**
   * A view of the hub for a transaction: what it publishes waits for `flush`, called after the commit,
   * so no socket hears of a write that was rolled back (and nothing else writes while the transaction
   * holds the embedded database's only connection). Nested, it hands its events to the outer view.
   */
  holding() {
    const held: [string, string, unknown][] = [];
    const view = Object.create(this) as RealtimeHub;
    view.publish = async (room, cmd, data) => {
      held.push([room, cmd, data]);
    };
    view.publishMany = async (events) => {
      for (const { room, cmd, data } of events) held.push([room, cmd, data]);
    };
    return {
      view,
      flush: async () => {
        // in their order, stored together
        await this.publishMany(held.splice(0).map(([room, cmd, data]) => ({ room, cmd, data })));
      },
    };
  }

  /** Puts the member in the room; resolves once this instance hears the room's events. */
  async join(room: string, member: RoomMember) {
    let entry = this.local.get(room);
    if (!entry) {
      const members = new Set<RoomMember>();
      const subscribed = this.bus.subscribe(BUS_TOPIC(room), (message) => this.deliver(room, members, message));
      entry = { members, subscribed };
      this.local.set(room, entry);
    }
    entry.members.add(member);
    await entry.subscribed;
  }

  leave(room: string, member: RoomMember) {
    const entry = this.local.get(room);
    if (!entry?.members.delete(member) || entry.members.size > 0) return;
    this.local.delete(room);
    entry.subscribed.then((stop) => stop()).catch((err) => this.log.warn({ err, room }, 'realtime unsubscribe failed'));
  }

  /**
   * Events of these rooms after `since`, oldest first, at most REPLAY_LIMIT (`more` when some were left
   * out), preceded by the window behind the cursor (REPLAY_WINDOW_MS): an event numbered below `since`
   * may have committed after it, and the client drops those it has already seen.
   */
  async since(roomList: string[], since: number) {
    if (roomList.length === 0) return { events: [], more: false };
    const columns = { seq: realtimeEvents.id, cmd: realtimeEvents.cmd, data: realtimeEvents.data };
    // the window starts REPLAY_WINDOW_MS before the cursor's event (or the newest before it, in any room)
    // took its id; the lowest id taken since bounds the scan of the rooms' index
    const windowStart = sql`((select ${realtimeEvents.createdAt} from ${realtimeEvents} where ${realtimeEvents.id} <= ${since} order by ${realtimeEvents.id} desc limit 1) - ${`${REPLAY_WINDOW_MS} milliseconds`}::interval)`;
    const lowestId = sql`(select min(${realtimeEvents.id}) from ${realtimeEvents} where ${realtimeEvents.createdAt} >= ${windowStart})`;
    const [window, rows] = await Promise.all([
      since === 0
        ? []
        : this.db
            .select(columns)
            .from(realtimeEvents)
            .where(
              and(
                inArray(realtimeEvents.room, roomList),
                lte(realtimeEvents.id, since),
                gte(realtimeEvents.id, lowestId),
                gte(realtimeEvents.createdAt, windowStart),
              ),
            )
            .orderBy(desc(realtimeEvents.id))
            .limit(REPLAY_WINDOW_LIMIT),
      this.db
        .select(columns)
        .from(realtimeEvents)
        .where(and(inArray(realtimeEvents.room, roomList), gt(realtimeEvents.id, since)))
        .orderBy(realtimeEvents.id)
        .limit(REPLAY_LIMIT + 1),
    ]);
    return { events: [...window.reverse(), ...rows.slice(0, REPLAY_LIMIT)], more: rows.length > REPLAY_LIMIT };
  }

  /** The newest event's number: where a socket that has seen nothing yet starts counting. */
  async latest() {
    const [row] = await this.db.select({ seq: realtimeEvents.id }).from(realtimeEvents).orderBy(desc(realtimeEvents.id)).limit(1);
    return row?.seq ?? 0;
  }

  /**
   * The events of rooms whose names start with `prefix` are written by `format` rather than as the
   * classroom channel's `{cmd, code, msg, data, seq}`: the chat socket's rooms (`chat:`) speak its own
   * envelope. Still serialised once per event and instance, whatever the number of sockets.
   */
  format(prefix: string, format: (e: { seq: number; cmd: string; data: unknown }) => string) {
    this.formats.push([prefix, format]);
  }

  /** An event as the sockets of its room read it. */
  serialiseFor(room: string, e: { seq: number; cmd: string; data: unknown }) {
    const own = this.formats.find(([prefix]) => room.startsWith(prefix));
    return own ? own[1](e) : serialise(e);
  }

  /** Sockets in a room on this instance (tests and benchmarks). */
  localCount(room: string) {
    return this.local.get(room)?.members.size ?? 0;
  }

  async purge() {
    await this.db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, sql`now() - ${`${KEEP_MS} milliseconds`}::interval`));
  }

  close() {
    clearInterval(this.purgeTimer);
    this.local.clear();
  }

  private deliver(room: string, members: Set<RoomMember>, message: unknown) {
    const e = message as Partial<BusEvent> | null;
    // whatever else reaches the topic (another version, a stray publish) is dropped, not thrown
    if (!e || e.room !== room || typeof e.seq !== 'number' || typeof e.cmd !== 'string') {
      this.log.warn({ room }, 'realtime: malformed bus event dropped');
      return;
    }
    const serialised = this.serialiseFor(room, e as BusEvent);
    for (const m of members) m.send(serialised, e.seq, room);
  }
}
