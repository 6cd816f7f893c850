import { and, desc, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { realtimeEvents } from '../db/schema';
import type { Bus } from '../platform/bus';

/** A socket (or anything else) in a room: it is handed the serialised message, the same string for everyone. */
export interface RoomMember {
  send(serialised: string, seq: number): void;
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
    return {
      view,
      flush: async () => {
        // in their order, stored together
        await Promise.all(held.splice(0).map(([room, cmd, data]) => this.publish(room, cmd, data)));
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

  /** Events of these rooms after `since`, oldest first, at most REPLAY_LIMIT (`more` when some were left out). */
  async since(roomList: string[], since: number) {
    if (roomList.length === 0) return { events: [], more: false };
    const rows = await this.db
      .select({ seq: realtimeEvents.id, cmd: realtimeEvents.cmd, data: realtimeEvents.data })
      .from(realtimeEvents)
      .where(and(inArray(realtimeEvents.room, roomList), gt(realtimeEvents.id, since)))
      .orderBy(realtimeEvents.id)
      .limit(REPLAY_LIMIT + 1);
    return { events: rows.slice(0, REPLAY_LIMIT), more: rows.length > REPLAY_LIMIT };
  }

  /** The newest event's number: where a socket that has seen nothing yet starts counting. */
  async latest() {
    const [row] = await this.db.select({ seq: realtimeEvents.id }).from(realtimeEvents).orderBy(desc(realtimeEvents.id)).limit(1);
    return row?.seq ?? 0;
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
    const serialised = serialise(e as BusEvent);
    for (const m of members) m.send(serialised, e.seq);
  }
}
