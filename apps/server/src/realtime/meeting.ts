import type { Language } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { enterRoom, inSameRoom, leaveRoom, roomPeople, touchPresences } from '../modules/meetings/rooms.service';
import type { User } from '../platform/auth';
import { AppError, badInput, fail } from '../platform/errors';

/**
 * The built-in small meeting's signalling on the classroom socket (decision 041). A socket enters one
 * room of one course at a time (`Meeting.join {courseid, room}`), checked against the course's members
 * and the cap of 8 (modules/meetings/rooms.service.ts); its presence id is its peer id. It then relays
 * WebRTC offers, answers and ICE candidates (`Meeting.signal {to, kind, sdp | candidate}`) to one other
 * live member of the same room, checked on the server for each message, at most SIGNAL_MAX_CHARS each
 * and SIGNAL_RATE per SIGNAL_WINDOW_MS. Nothing of it is stored: it crosses instances on the bus
 * (`meeting.peer`, `meeting.room`) and reaches the socket that holds the peer id, wherever it is.
 */

/** one signalling message (an SDP offer with many codecs is about 6 KB) */
export const SIGNAL_MAX_CHARS = 16_384;
/** signalling messages a socket may send per SIGNAL_WINDOW_MS (7 peers × (offer + answer + ~20 candidates) fit) */
export const SIGNAL_RATE = 300;
export const SIGNAL_WINDOW_MS = 10_000;
const PEER_TOPIC = 'meeting.peer';
const ROOM_TOPIC = 'meeting.room';
const KINDS = new Set(['offer', 'answer', 'ice']);

/** What the gateway's socket offers the meeting. */
export interface MeetingSocket {
  userId: number;
  user: User;
  lang: Language;
  reply(cmd: string, data: unknown): void;
  /** leaves its room (the person was removed from the course) */
  leaveMeeting(): Promise<void>;
}

/** A socket's place in a room. */
export interface Seat {
  peerId: number;
  courseId: number;
  room: number;
  socket: MeetingSocket;
  /** microphone, camera, screen share and raised hand, as the person last said (told to newcomers) */
  state: { mic: number; cam: number; screen: number; hand: number };
  sent: number;
  windowStart: number;
}

const roomKey = (courseId: number, room: number) => `${courseId}:${room}`;

function positive(value: unknown, max = 2 ** 31 - 1) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 && n <= max ? n : undefined;
}
const flag = (v: unknown) => (v === 1 || v === true || v === '1' ? 1 : 0);

export class MeetingHub {
  private seats = new Map<number, Seat>();
  private rooms = new Map<string, Set<Seat>>();
  private stops: (() => Promise<void>)[] = [];

  constructor(private app: FastifyInstance) {}

  async start() {
    this.stops.push(
      await this.app.ctx.bus.subscribe(PEER_TOPIC, (message) => {
        const m = message as { to?: unknown; cmd?: unknown; data?: unknown } | null;
        if (typeof m?.to !== 'number' || typeof m.cmd !== 'string') return;
        this.seats.get(m.to)?.socket.reply(m.cmd, m.data);
      }),
      await this.app.ctx.bus.subscribe(ROOM_TOPIC, (message) => {
        const m = message as { key?: unknown; except?: unknown; cmd?: unknown; data?: unknown } | null;
        if (typeof m?.key !== 'string' || typeof m.cmd !== 'string') return;
        for (const seat of this.rooms.get(m.key) ?? []) if (seat.peerId !== m.except) seat.socket.reply(m.cmd, m.data);
      }),
    );
  }

  async stop() {
    for (const stop of this.stops.splice(0)) await stop().catch(() => {});
  }

  private toRoom(seat: Seat, cmd: string, data: unknown) {
    return this.app.ctx.bus.publish(ROOM_TOPIC, { key: roomKey(seat.courseId, seat.room), except: seat.peerId, cmd, data });
  }

  /** `Meeting.join`: enters the room (leaving the one the socket was in); answers `Meeting.joined` with who is there. */
  async join(socket: MeetingSocket, current: Seat | undefined, data: Record<string, unknown>): Promise<Seat> {
    const courseId = positive(data.courseid ?? data.courseId);
    if (!courseId) throw badInput('errors.badInput');
    const room = positive(data.room, 9);
    if (!room) throw badInput('validation.meetingRoom');
    if (current) await this.leave(current);
    const presence = await enterRoom(this.app.ctx, socket.user, courseId, room);
    const seat: Seat = {
      peerId: presence.id,
      courseId,
      room,
      socket,
      state: { mic: flag(data.mic), cam: flag(data.cam), screen: 0, hand: 0 },
      sent: 0,
      windowStart: Date.now(),
    };
    this.seats.set(seat.peerId, seat);
    const key = roomKey(courseId, room);
    const here = this.rooms.get(key) ?? new Set<Seat>();
    here.add(seat);
    this.rooms.set(key, here);
    const people = (await roomPeople(this.app.ctx, courseId, room)).filter((p) => p.peerId !== seat.peerId);
    socket.reply('Meeting.joined', {
      peerid: seat.peerId,
      courseid: courseId,
      room,
      people: people.map((p) => ({ peerid: p.peerId, userid: p.userId, name: p.name, avatar: p.avatar })),
    });
    // those already there hear of the newcomer; the newcomer offers to each (no two offers cross)
    await this.toRoom(seat, 'Meeting.peerJoined', {
      peerid: seat.peerId,
      userid: socket.userId,
      name: socket.user.username,
      avatar: socket.user.avatar,
      ...seat.state,
    });
    return seat;
  }

  /** Leaves the room (`Meeting.leave`, the socket closing, the person removed from the course). */
  async leave(seat: Seat) {
    if (this.seats.get(seat.peerId) !== seat) return;
    this.seats.delete(seat.peerId);
    const key = roomKey(seat.courseId, seat.room);
    const here = this.rooms.get(key);
    here?.delete(seat);
    if (here?.size === 0) this.rooms.delete(key);
    await leaveRoom(this.app.ctx, seat.peerId);
    await this.toRoom(seat, 'Meeting.peerLeft', { peerid: seat.peerId });
  }

  /**
   * `Meeting.signal {to, kind, sdp | candidate}`: relayed to peer `to` when the sender is in a room and
   * `to` is a live member of the same room of the same course; refused otherwise, too large or too many.
   */
  async signal(seat: Seat | undefined, data: Record<string, unknown>, rawLength: number) {
    if (!seat) throw new AppError('notInMeeting', 'errors.notInMeeting');
    const now = Date.now();
    if (now - seat.windowStart > SIGNAL_WINDOW_MS) {
      seat.windowStart = now;
      seat.sent = 0;
    }
    if (++seat.sent > SIGNAL_RATE) throw new AppError('rateLimited', 'errors.meetingSignalRate');
    if (rawLength > SIGNAL_MAX_CHARS) throw fail('meetingSignalTooLarge');
    const to = positive(data.to);
    const kind = typeof data.kind === 'string' && KINDS.has(data.kind) ? data.kind : undefined;
    if (!to || !kind || to === seat.peerId) throw badInput('errors.badInput');
    const sdp = typeof data.sdp === 'string' ? data.sdp : undefined;
    const candidate = data.candidate && typeof data.candidate === 'object' ? data.candidate : undefined;
    if ((kind === 'ice' && !candidate) || (kind !== 'ice' && !sdp)) throw badInput('errors.badInput');
    // the sender's own presence still counts (an instance that missed its heartbeat, a removal) and the peer shares its room
    if (!(await inSameRoom(this.app.ctx, seat.peerId, seat.courseId, seat.room))) {
      await this.leave(seat);
      throw new AppError('notInMeeting', 'errors.notInMeeting');
    }
    if (!(await inSameRoom(this.app.ctx, to, seat.courseId, seat.room))) throw fail('meetingPeerGone');
    await this.app.ctx.bus.publish(PEER_TOPIC, {
      to,
      cmd: 'Meeting.signal',
      data: { from: seat.peerId, kind, ...(sdp !== undefined && { sdp }), ...(candidate && { candidate }) },
    });
  }

  /** `Meeting.state {mic, cam, screen, hand}`: told to the room; `Meeting.state {to}` tells one newcomer only. */
  async state(seat: Seat | undefined, data: Record<string, unknown>) {
    if (!seat) throw new AppError('notInMeeting', 'errors.notInMeeting');
    seat.state = { mic: flag(data.mic), cam: flag(data.cam), screen: flag(data.screen), hand: flag(data.hand) };
    await this.toRoom(seat, 'Meeting.peerState', { peerid: seat.peerId, ...seat.state });
  }

  /** The presences held on this instance are still there (each heartbeat of the gateway). */
  touch() {
    return touchPresences(this.app.ctx, [...this.seats.keys()]);
  }

  /** Seats of this course on this instance (a membership change checks them again). */
  seatsOf(courseId: number) {
    return [...this.seats.values()].filter((s) => s.courseId === courseId);
  }
}
