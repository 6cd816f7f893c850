import { letterSendInput, questionCreateInput, speakCalls } from '@paiclass/shared';
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
import * as speak from './speak.service';

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
 * Speaking, course questions, muting and the class timer of a class in progress (spec 2 §7
 * `/Futurev2/Speak`, `/Futurev2/CourseQuestions`; issue 15; decision 024), over HTTP and as
 * classroom-socket commands (`Speak.sendLetter`, `CourseQuestions.create`) for the course the socket has open.
 */
export async function speakRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  handle(app, speakCalls.getUserConfig, (req) => speak.speakConfig(ctx, caller(req), req.body.courseid));
  handle(app, speakCalls.getIsSynchronousCountdown, (req) => speak.synchronousCountdown(ctx, caller(req), req.body.courseid));
  handle(app, speakCalls.sendLetter, (req) => speak.sendLetter(ctx, caller(req), req.body));
  handle(app, speakCalls.lists, (req) => speak.listLetters(ctx, caller(req), req.body));
  handle(app, speakCalls.mute, (req) => speak.setMute(ctx, caller(req), req.body));

  handle(app, speakCalls.create, (req) => speak.createQuestion(ctx, caller(req), req.body));
  handle(app, speakCalls.coursequestionsLists, (req) => speak.listQuestions(ctx, caller(req), req.body));
  handle(app, speakCalls.reply, (req) => speak.replyQuestion(ctx, caller(req), req.body));
  handle(app, speakCalls.setAnswered, (req) => speak.setQuestionAnswered(ctx, caller(req), req.body));

  handle(app, speakCalls.startTimer, (req) => speak.startTimer(ctx, caller(req), req.body));
  handle(app, speakCalls.stopTimer, (req) => speak.stopTimer(ctx, caller(req), req.body.courseid));

  // socket commands: the course is the one the socket has open; answered with `<cmd>.ok` to this socket
  root.socketCommands.set('Speak.sendLetter', async (c, who, data) => {
    const { user, courseId } = await socketUser(c, who);
    const letter = await speak.sendLetter(c, user, parse(letterSendInput, { ...data, courseid: courseId }));
    who.reply('Speak.sendLetter.ok', letter);
  });
  root.socketCommands.set('CourseQuestions.create', async (c, who, data) => {
    const { user, courseId } = await socketUser(c, who);
    const question = await speak.createQuestion(c, user, parse(questionCreateInput, { ...data, courseid: courseId }));
    who.reply('CourseQuestions.create.ok', question);
  });
}
