import {
  courseQuestionListInput,
  letterItem,
  letterListAnswer,
  letterListInput,
  letterSendInput,
  muteAnswer,
  muteInput,
  questionAnsweredInput,
  questionCreateInput,
  questionItem,
  questionListAnswer,
  questionReplyInput,
  speakConfigAnswer,
  speakCourseInput,
  timerStartInput,
  timerState,
} from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
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
  const tags = ['speaking, questions and timer'];
  const sendLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.post(
    '/Futurev2/Speak/getUserConfig',
    { schema: { tags, body: speakCourseInput, response: { 200: speakConfigAnswer } } },
    (req) => speak.speakConfig(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/Futurev2/Speak/sendLetter',
    { schema: { tags, body: letterSendInput, response: { 200: letterItem } }, config: sendLimit },
    (req) => speak.sendLetter(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Speak/lists', { schema: { tags, body: letterListInput, response: { 200: letterListAnswer } } }, (req) =>
    speak.listLetters(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Speak/mute', { schema: { tags, body: muteInput, response: { 200: muteAnswer } } }, (req) =>
    speak.setMute(ctx, caller(req), req.body),
  );

  app.post(
    '/Futurev2/CourseQuestions/create',
    { schema: { tags, body: questionCreateInput, response: { 200: questionItem } }, config: sendLimit },
    (req) => speak.createQuestion(ctx, caller(req), req.body),
  );
  app.post(
    '/Futurev2/CourseQuestions/lists',
    { schema: { tags, body: courseQuestionListInput, response: { 200: questionListAnswer } } },
    (req) => speak.listQuestions(ctx, caller(req), req.body),
  );
  app.post(
    '/Futurev2/CourseQuestions/reply',
    { schema: { tags, body: questionReplyInput, response: { 200: questionItem } } },
    (req) => speak.replyQuestion(ctx, caller(req), req.body),
  );
  app.post(
    '/Futurev2/CourseQuestions/setAnswered',
    { schema: { tags, body: questionAnsweredInput, response: { 200: questionItem } } },
    (req) => speak.setQuestionAnswered(ctx, caller(req), req.body),
  );

  app.post('/Futurev2/Tools/startTimer', { schema: { tags, body: timerStartInput, response: { 200: timerState } } }, (req) =>
    speak.startTimer(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Tools/stopTimer', { schema: { tags, body: speakCourseInput, response: { 200: timerState } } }, (req) =>
    speak.stopTimer(ctx, caller(req), req.body.courseid),
  );

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
