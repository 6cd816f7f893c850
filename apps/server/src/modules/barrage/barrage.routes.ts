import { barrageCalls, barrageSendInput, raceJoinInput } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
import type { SocketCaller } from '../../realtime/commands';
import * as barrage from './barrage.service';
import * as race from './race.service';

/** the caller of a socket command as a user, in the course its socket has open */
async function socketUser(ctx: AppContext, c: SocketCaller) {
  if (!c.course) throw fail('courseGone');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, c.userId));
  if (!user) throw fail('notLoggedIn');
  return { user, courseId: c.course.courseId };
}

/** a socket command's input checked by the HTTP call's schema; a refusal names its field */
function parse<T extends z.ZodTypeAny>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badField(issue.message.startsWith('validation.') ? issue.message : 'validation.invalid', issue.path);
}

/**
 * Barrage and the grab-answer race of a class in progress (spec 2 §7 `/FutureV2/Barrage`,
 * `/Futurev2/Tools`; issue 15; decision 021), over HTTP and as classroom-socket commands
 * (`Barrage.send`, `Tools.joinRace`) for the course the socket has open.
 */
export async function barrageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const timers = new race.RaceTimers(root.log);
  root.addHook('onClose', async () => timers.clear());
  // the HTTP press is timed from when the whole request had arrived: after its body was read, so that
  // headers sent ahead of the race do not stamp it early (decision 021)
  root.addHook('preParsing', async (req, _reply, payload) => {
    payload.once('end', () => {
      req.arrivedAt = Date.now();
    });
    return payload;
  });
  // a request whose body was never streamed (none sent): complete once its headers were
  root.addHook('preValidation', async (req) => {
    req.arrivedAt ??= Date.now();
  });

  handle(app, barrageCalls.lists, (req) => barrage.listBarrage(ctx, caller(req), req.body));
  handle(app, barrageCalls.getConfig, (req) => barrage.barrageConfig(ctx, caller(req), req.body.courseid));
  handle(app, barrageCalls.getVIPBarrageUseCount, (req) => barrage.vipUseCount(ctx, caller(req), req.body.courseid));
  handle(app, barrageCalls.sendBarrage, (req) => barrage.sendBarrage(ctx, caller(req), req.body));
  handle(app, barrageCalls.setStatus, (req) => barrage.setBarrageSwitch(ctx, caller(req), req.body));
  handle(app, barrageCalls.delBarrage, (req) => barrage.deleteBarrage(ctx, caller(req), req.body));

  handle(app, barrageCalls.startRace, (req) => race.startRace(ctx, timers, caller(req), req.body.courseid));
  handle(app, barrageCalls.closeRace, (req) => race.closeRace(ctx, timers, caller(req), req.body.courseid));
  // third-party clients without the socket: timed from the race's start to the request's complete arrival (decision 021)
  handle(app, barrageCalls.joinRace, (req) =>
    race.joinRace(ctx, timers, caller(req), req.body.courseid, req.body.raceid, {
      via: 'http',
      arrivedAt: req.arrivedAt ?? Date.now(),
    }),
  );
  handle(app, barrageCalls.getStudentCurrentRace, (req) => race.currentRace(ctx, timers, caller(req), req.body.courseid));

  // socket commands: the course is the one the socket has open; answered with `<cmd>.ok` to this socket
  root.socketCommands.set('Barrage.send', async (c, who, data) => {
    const { user, courseId } = await socketUser(c, who);
    const input = parse(barrageSendInput, { ...data, courseid: courseId });
    const item = await barrage.sendBarrage(c, user, input);
    who.reply('Barrage.send.ok', item);
  });
  root.socketCommands.set('Tools.joinRace', async (c, who, data) => {
    const { user, courseId } = await socketUser(c, who);
    const input = parse(raceJoinInput, { ...data, courseid: courseId });
    const answer = await race.joinRace(c, timers, user, courseId, input.raceid, { via: 'socket', caller: who });
    who.reply('Tools.joinRace.ok', answer);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** when the whole request (its body too) had arrived (ms since the epoch), for the race's HTTP presses */
    arrivedAt?: number;
  }
}
