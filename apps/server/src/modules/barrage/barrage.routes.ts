import {
  barrageConfigAnswer,
  barrageCourseInput,
  barrageDeleteInput,
  barrageItem,
  barrageListAnswer,
  barrageListInput,
  barrageSendInput,
  barrageSwitchAnswer,
  barrageSwitchInput,
  barrageVipCountAnswer,
  currentRaceAnswer,
  raceAnswer,
  raceJoinAnswer,
  raceJoinInput,
} from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
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
  const tags = ['barrage and race'];
  const sendLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  // the HTTP press is timed from when the request arrived, before the login and body were read
  root.addHook('onRequest', async (req) => {
    req.arrivedAt = Date.now();
  });

  app.post('/FutureV2/Barrage/lists', { schema: { tags, body: barrageListInput, response: { 200: barrageListAnswer } } }, (req) =>
    barrage.listBarrage(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/Barrage/getConfig',
    { schema: { tags, body: barrageCourseInput, response: { 200: barrageConfigAnswer } } },
    (req) => barrage.barrageConfig(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/FutureV2/Barrage/getVIPBarrageUseCount',
    { schema: { tags, body: barrageCourseInput, response: { 200: barrageVipCountAnswer } } },
    (req) => barrage.vipUseCount(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/FutureV2/Barrage/sendBarrage',
    { schema: { tags, body: barrageSendInput, response: { 200: barrageItem } }, config: sendLimit },
    (req) => barrage.sendBarrage(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/Barrage/setStatus',
    { schema: { tags, body: barrageSwitchInput, response: { 200: barrageSwitchAnswer } } },
    (req) => barrage.setBarrageSwitch(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/Barrage/delBarrage',
    { schema: { tags, body: barrageDeleteInput, response: { 200: z.object({ id: z.number().int() }) } } },
    (req) => barrage.deleteBarrage(ctx, caller(req), req.body),
  );

  app.post('/Futurev2/Tools/startRace', { schema: { tags, body: barrageCourseInput, response: { 200: raceAnswer } } }, (req) =>
    race.startRace(ctx, timers, caller(req), req.body.courseid),
  );
  app.post('/Futurev2/Tools/closeRace', { schema: { tags, body: barrageCourseInput, response: { 200: raceAnswer } } }, (req) =>
    race.closeRace(ctx, timers, caller(req), req.body.courseid),
  );
  // third-party clients without the socket: timed by raw arrival since the start (decision 021)
  app.post('/Futurev2/Tools/joinRace', { schema: { tags, body: raceJoinInput, response: { 200: raceJoinAnswer } } }, (req) =>
    race.joinRace(ctx, timers, caller(req), req.body.courseid, req.body.raceid, {
      via: 'http',
      arrivedAt: req.arrivedAt ?? Date.now(),
    }),
  );
  app.post(
    '/Futurev2/Tools/getStudentCurrentRace',
    { schema: { tags, body: barrageCourseInput, response: { 200: currentRaceAnswer } } },
    (req) => race.currentRace(ctx, timers, caller(req), req.body.courseid),
  );

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
    /** when the request arrived (ms since the epoch), for the race's HTTP presses */
    arrivedAt?: number;
  }
}
