import type { Language } from '@paiclass/shared';
import type { CourseRole } from '../modules/courses/courses.policy';
import type { User } from '../platform/auth';
import type { AppContext } from '../platform/context';

/**
 * Who sent a classroom-socket command, as the gateway knows them: the user, the course the socket
 * has open (checked against the membership at `AttendClass.setActive`), and the timings the
 * interactive classroom needs: when the message arrived, when this socket was sent an event, and
 * the socket's round trip measured by WebSocket ping and pong (answered by the browser itself, so no
 * page script delays it).
 */
export interface SocketCaller {
  userId: number;
  /** the socket's user as its session found them (as `caller(req)` gives an HTTP call) */
  user: User;
  lang: Language;
  /** the course the socket has open, with the caller's role in it; undefined before `setActive` */
  course?: { courseId: number; role: Exclude<CourseRole, null>; classTimeId?: number };
  /** when the message arrived (ms since the epoch, this instance's clock) */
  receivedAt: number;
  /** when this socket was sent the event `seq` (ms since the epoch), if it was among its recent events */
  sentAt(seq: number): number | undefined;
  /** the socket's round trip (ms): the lower median of its latest pings' round trips; undefined before one was measured */
  rttMs(): number | undefined;
  /** answers this socket only */
  reply(cmd: string, data: unknown): void;
}

/** A command a client may send on the classroom socket; an AppError it throws is told to the client as `User.error`. */
export type SocketCommand = (ctx: AppContext, caller: SocketCaller, data: Record<string, unknown>) => Promise<void> | void;

/** The commands of the areas, by name; each area's routes file adds its own (`app.socketCommands.set`). */
export type SocketCommands = Map<string, SocketCommand>;

declare module 'fastify' {
  interface FastifyInstance {
    socketCommands: SocketCommands;
  }
}
