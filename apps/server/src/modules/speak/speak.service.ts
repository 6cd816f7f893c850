import {
  COURSE_QUESTION_TEXT_MAX,
  type CourseQuestionListInput,
  LETTER_INTERVAL_MS,
  LETTER_LIST_LIMIT,
  LETTER_TEXT_MAX,
  LETTERS_PER_CLASS_TIME,
  type LetterListInput,
  type LetterSendInput,
  type MuteInput,
  QUESTION_INTERVAL_MS,
  QUESTION_PAGE_SIZE,
  QUESTIONS_PER_DAY,
  type QuestionAnsweredInput,
  type QuestionCreateInput,
  type QuestionReplyInput,
  SPEAK_EVENTS,
  type TimerStartInput,
} from '@paiclass/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  classControls,
  classTimes,
  courseMembers,
  courseQuestionReplies,
  courseQuestions,
  speakLetters,
  speakMutes,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { currentClassTime } from '../barrage/barrage.service';
import { authorize, type Membership } from '../courses/courses.queries';
import { presentLetter, presentMute, presentQuestion, presentTimer } from './presenters';
import { canModerate, canSpeak, isMuted, mutedRefusal } from './speak.policy';
import {
  controlsOf,
  lettersOf,
  letterUsage,
  muteRows,
  ownMute,
  questionOf,
  questionsPage,
  questionUsage,
  repliesOf,
} from './speak.queries';

/** The class in progress (31501 when none); a named class time must be that one (31507). */
async function classInProgress(ctx: AppContext, courseId: number, named?: number) {
  const id = await currentClassTime(ctx, courseId);
  if (named && named !== id) {
    const [ct] = await ctx.db
      .select({ id: classTimes.id })
      .from(classTimes)
      .where(and(eq(classTimes.id, named), eq(classTimes.courseId, courseId)));
    throw ct ? fail('speakClassOver') : fail('notFound');
  }
  if (!id) throw fail('speakNotInClass');
  return id;
}

/** A member who runs the class (teacher or assistant), or 40003 for a student; strangers 30202. */
async function moderator(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  if (!canModerate(m.role)) throw fail('forbidden');
  return m;
}

/** A member who is a student (31506 for the staff); strangers 30202. */
async function speaker(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  if (!canSpeak(m.role)) throw fail('speakStudentsOnly');
  return m;
}

/** Refuses a muted student (31502 alone, 31503 with everyone) in the class time. */
async function refuseMuted(ctx: AppContext, classTimeId: number, userId: number) {
  const controls = await controlsOf(ctx, classTimeId);
  const refusal = mutedRefusal(controls?.allMuted ?? false, await ownMute(ctx, classTimeId, userId));
  if (refusal) throw fail(refusal);
}

/**
 * `getUserConfig`: the caller's speaking state in the class in progress (classtimeid 0 when none):
 * whether everyone is muted, whether the caller is, the staff's lists of muted and let-speak students,
 * the limits, what the caller sent, and the class timer by the server's clock. Members only.
 */
export async function speakConfig(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  const staff = canModerate(m.role);
  const classTimeId = (await currentClassTime(ctx, courseId)) ?? 0;
  const controls = classTimeId ? await controlsOf(ctx, classTimeId) : undefined;
  const allMuted = controls?.allMuted ?? false;
  const rows = classTimeId && staff ? await muteRows(ctx, classTimeId) : [];
  const own = classTimeId && !staff ? await ownMute(ctx, classTimeId, user.id) : undefined;
  const used = classTimeId && !staff ? await letterUsage(ctx, classTimeId, user.id) : { sent: 0 };
  return {
    courseid: courseId,
    classtimeid: classTimeId,
    isstaff: staff ? (1 as const) : (0 as const),
    allmuted: allMuted ? (1 as const) : (0 as const),
    muted: !staff && classTimeId && isMuted(allMuted, own) ? (1 as const) : (0 as const),
    mutedlist: rows.filter((r) => r.muted).map((r) => r.userId),
    allowedlist: rows.filter((r) => !r.muted).map((r) => r.userId),
    maxlength: LETTER_TEXT_MAX,
    interval: LETTER_INTERVAL_MS,
    limit: LETTERS_PER_CLASS_TIME,
    sent: used.sent,
    questionmaxlength: COURSE_QUESTION_TEXT_MAX,
    timer: presentTimer(courseId, classTimeId, controls, Date.now()),
  };
}

/**
 * `sendLetter` and the socket command `Speak.sendLetter`: a student's letter to the teacher in the
 * class in progress, stored, then pushed (`Speak.letter`) to the course's staff room and the sender's
 * own sockets — never to other students. Refused: not in class (31501), another class named (31507),
 * the staff (31506), muted (31502, 31503), sooner than LETTER_INTERVAL_MS after the last (31504),
 * past LETTERS_PER_CLASS_TIME (31505). The text arrives cleaned to plain text by the schema.
 */
export async function sendLetter(ctx: AppContext, user: User, input: LetterSendInput) {
  await speaker(ctx, user, input.courseid);
  const classTimeId = await classInProgress(ctx, input.courseid, input.classtimeid);
  return inTransaction(ctx, async (t) => {
    // one letter at a time per student and class time, so two quick sends cannot both pass the limits
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`speak:${classTimeId}:${user.id}`}))`);
    await refuseMuted(t, classTimeId, user.id);
    const used = await letterUsage(t, classTimeId, user.id);
    if (used.last && Date.now() - used.last.getTime() < LETTER_INTERVAL_MS) throw fail('speakTooFast');
    if (used.sent >= LETTERS_PER_CLASS_TIME) throw fail('speakCountUsedUp');
    const [row] = await t.db
      .insert(speakLetters)
      .values({ classTimeId, courseId: input.courseid, userId: user.id, content: input.content })
      .returning();
    const letter = presentLetter(row!, user);
    await t.realtime.publish(rooms.courseStaff(input.courseid), SPEAK_EVENTS.letter, letter);
    await t.realtime.publish(rooms.user(user.id), SPEAK_EVENTS.letter, letter);
    return letter;
  });
}

/**
 * `/Futurev2/Speak/lists` (ours): a class time's letters, oldest first (the newest LETTER_LIST_LIMIT):
 * every student's to the staff, a student's own to a student. The class in progress unless
 * `classtimeid` names one of the course's; none: an empty list.
 */
export async function listLetters(ctx: AppContext, user: User, input: LetterListInput) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  let classTimeId = 0;
  if (input.classtimeid) {
    const [ct] = await ctx.db
      .select({ id: classTimes.id })
      .from(classTimes)
      .where(and(eq(classTimes.id, input.classtimeid), eq(classTimes.courseId, input.courseid)));
    if (!ct) throw fail('notFound');
    classTimeId = ct.id;
  } else classTimeId = (await currentClassTime(ctx, input.courseid)) ?? 0;
  if (!classTimeId) return { classtimeid: 0, list: [] };
  const rows = await lettersOf(ctx, classTimeId, LETTER_LIST_LIMIT, canModerate(m.role) ? undefined : user.id);
  return { classtimeid: classTimeId, list: rows.map((r) => presentLetter(r.l, r)) };
}

/**
 * `/Futurev2/Speak/mute` (ours): the teacher or an assistant mutes (1) or lets speak (0) one student
 * (`uid`) or every student of the class in progress. Everyone: clears the students' own rows, pushed
 * to the course room. One: their own row (so one may be let speak while everyone is muted), pushed to
 * the student's sockets and the staff room. Students 40003, strangers 30202, a uid that is not a student
 * of the course 31508, not in class 31501.
 */
export async function setMute(ctx: AppContext, user: User, input: MuteInput) {
  await moderator(ctx, user, input.courseid);
  const classTimeId = await classInProgress(ctx, input.courseid, input.classtimeid);
  const mute = input.mute === 1;
  return inTransaction(ctx, async (t) => {
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`speak-mute:${classTimeId}`}))`);
    if (!input.uid) {
      await t.db
        .insert(classControls)
        .values({ classTimeId, allMuted: mute, changedBy: user.id })
        .onConflictDoUpdate({
          target: classControls.classTimeId,
          set: { allMuted: mute, changedBy: user.id, changedAt: new Date() },
        });
      await t.db.delete(speakMutes).where(eq(speakMutes.classTimeId, classTimeId));
      const answer = presentMute(input.courseid, classTimeId, 0, mute, mute);
      await t.realtime.publish(rooms.course(input.courseid), SPEAK_EVENTS.mute, answer);
      return answer;
    }
    const [student] = await t.db
      .select({ role: courseMembers.role })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, input.courseid), eq(courseMembers.userId, input.uid)));
    if (student?.role !== 'student') throw fail('speakNotStudent');
    await t.db
      .insert(speakMutes)
      .values({ classTimeId, userId: input.uid, muted: mute, changedBy: user.id })
      .onConflictDoUpdate({
        target: [speakMutes.classTimeId, speakMutes.userId],
        set: { muted: mute, changedBy: user.id, changedAt: new Date() },
      });
    const allMuted = (await controlsOf(t, classTimeId))?.allMuted ?? false;
    const answer = presentMute(input.courseid, classTimeId, input.uid, mute, allMuted);
    await t.realtime.publish(rooms.user(input.uid), SPEAK_EVENTS.mute, answer);
    await t.realtime.publish(rooms.courseStaff(input.courseid), SPEAK_EVENTS.mute, answer);
    return answer;
  });
}

/** A question as the staff see it and as its asker sees it, pushed to each (never to other students). */
async function publishQuestion(ctx: AppContext, courseId: number, questionId: number, cmd: string) {
  const row = await questionOf(ctx, courseId, questionId);
  if (!row) return undefined;
  const replies = (await repliesOf(ctx, [row.q.id])).get(row.q.id) ?? [];
  await ctx.realtime.publish(rooms.courseStaff(courseId), cmd, presentQuestion(row.q, row, replies, 0));
  const own = presentQuestion(row.q, row, replies, row.q.userId);
  await ctx.realtime.publish(rooms.user(row.q.userId), cmd, own);
  return { row, replies };
}

/**
 * `CourseQuestions/create` and the socket command `CourseQuestions.create`: a student's question to
 * the course's teachers, in class or not (in class it carries the class time, and a muted student is
 * refused as for letters: 31502, 31503). Anonymous: the asker is shown to nobody but themselves.
 * Pushed (`CourseQuestions.new`) to the staff room and the asker's sockets. Refused: the staff (31506),
 * sooner than QUESTION_INTERVAL_MS after the last (31509), past QUESTIONS_PER_DAY in 24 hours (31510).
 */
export async function createQuestion(ctx: AppContext, user: User, input: QuestionCreateInput) {
  await speaker(ctx, user, input.courseid);
  const classTimeId = await currentClassTime(ctx, input.courseid);
  const id = await inTransaction(ctx, async (t) => {
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ask:${input.courseid}:${user.id}`}))`);
    if (classTimeId) await refuseMuted(t, classTimeId, user.id);
    const used = await questionUsage(t, input.courseid, user.id);
    if (used.last && Date.now() - used.last.getTime() < QUESTION_INTERVAL_MS) throw fail('questionTooFast');
    if (used.asked >= QUESTIONS_PER_DAY) throw fail('questionCountUsedUp');
    const [row] = await t.db
      .insert(courseQuestions)
      .values({
        courseId: input.courseid,
        classTimeId: classTimeId ?? null,
        userId: user.id,
        content: input.content,
        anonymous: input.anonymous === 1,
      })
      .returning({ id: courseQuestions.id });
    await publishQuestion(t, input.courseid, row!.id, SPEAK_EVENTS.question);
    return row!.id;
  });
  const row = (await questionOf(ctx, input.courseid, id))!;
  return presentQuestion(row.q, row, [], user.id);
}

/**
 * `CourseQuestions/lists`: a page of the course's questions, newest first, with their replies: every
 * one to the staff (anonymous ones without the asker), a student's own only to a student. Members only.
 */
export async function listQuestions(ctx: AppContext, user: User, input: CourseQuestionListInput) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  const mineOnly = canModerate(m.role) ? undefined : user.id;
  const page = await questionsPage(ctx, input.courseid, input.page, QUESTION_PAGE_SIZE, mineOnly);
  const replies = await repliesOf(
    ctx,
    page.rows.map((r) => r.q.id),
  );
  return {
    courseid: input.courseid,
    page: input.page,
    pageSize: QUESTION_PAGE_SIZE,
    count: page.count,
    open: page.open,
    list: page.rows.map((r) => presentQuestion(r.q, r, replies.get(r.q.id) ?? [], user.id)),
  };
}

/** The course's question for a moderator, or 40004 (another course's question is not found). */
async function questionToModerate(ctx: AppContext, user: User, courseId: number, id: number): Promise<Membership> {
  const m = await moderator(ctx, user, courseId);
  const [q] = await ctx.db
    .select({ id: courseQuestions.id })
    .from(courseQuestions)
    .where(and(eq(courseQuestions.id, id), eq(courseQuestions.courseId, courseId)));
  if (!q) throw fail('notFound');
  return m;
}

/**
 * `CourseQuestions/reply` (ours; the classroom's "comment reply"): the teacher or an assistant answers
 * a question of the course; it is marked answered; pushed (`CourseQuestions.changed`) to the staff room
 * and the asker's sockets. Students 40003, strangers 30202, another course's question 40004.
 */
export async function replyQuestion(ctx: AppContext, user: User, input: QuestionReplyInput) {
  await questionToModerate(ctx, user, input.courseid, input.id);
  return inTransaction(ctx, async (t) => {
    await t.db.insert(courseQuestionReplies).values({ questionId: input.id, userId: user.id, content: input.content });
    await t.db
      .update(courseQuestions)
      .set({ answeredAt: new Date(), answeredBy: user.id })
      .where(and(eq(courseQuestions.id, input.id), isNull(courseQuestions.answeredAt)));
    const pushed = (await publishQuestion(t, input.courseid, input.id, SPEAK_EVENTS.questionChanged))!;
    return presentQuestion(pushed.row.q, pushed.row, pushed.replies, user.id);
  });
}

/** `CourseQuestions/setAnswered` (ours): the teacher marks a question answered (1) or open again (0); pushed as a reply is. */
export async function setQuestionAnswered(ctx: AppContext, user: User, input: QuestionAnsweredInput) {
  await questionToModerate(ctx, user, input.courseid, input.id);
  return inTransaction(ctx, async (t) => {
    await t.db
      .update(courseQuestions)
      .set(
        input.answered
          ? { answeredAt: sql`coalesce(${courseQuestions.answeredAt}, now())`, answeredBy: user.id }
          : { answeredAt: null, answeredBy: null },
      )
      .where(eq(courseQuestions.id, input.id));
    const pushed = (await publishQuestion(t, input.courseid, input.id, SPEAK_EVENTS.questionChanged))!;
    return presentQuestion(pushed.row.q, pushed.row, pushed.replies, user.id);
  });
}

/**
 * `/FutureV2/CourseMeans/getIsSynchronousCountdown`: the class countdown by the server's clock, for a
 * page opened while it runs; `is_synchronous` 1 while it does. Members only (strangers 30202); outside
 * class, classtimeid 0 and nothing running.
 */
export async function synchronousCountdown(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const classTimeId = (await currentClassTime(ctx, courseId)) ?? 0;
  const timer = presentTimer(courseId, classTimeId, classTimeId ? await controlsOf(ctx, classTimeId) : undefined, Date.now());
  return { ...timer, is_synchronous: timer.status };
}

/**
 * `/Futurev2/Tools/startTimer` (ours; the classroom's "timer"): the teacher or an assistant starts a
 * countdown of TIMER_SECONDS_MIN to TIMER_SECONDS_MAX seconds in the class in progress (a running one
 * is replaced); pushed (`Tools.timer`) to the course room with the server's clock, so every phone counts
 * the same seconds; a phone opening the course later reads it from `getUserConfig`.
 */
export async function startTimer(ctx: AppContext, user: User, input: TimerStartInput) {
  await moderator(ctx, user, input.courseid);
  const classTimeId = await classInProgress(ctx, input.courseid);
  const now = Date.now();
  const values = {
    timerSeconds: input.seconds,
    timerStartedAt: new Date(now),
    timerEndsAt: new Date(now + input.seconds * 1000),
    timerStoppedAt: null,
    changedBy: user.id,
    changedAt: new Date(now),
  };
  return inTransaction(ctx, async (t) => {
    const [row] = await t.db
      .insert(classControls)
      .values({ classTimeId, ...values })
      .onConflictDoUpdate({ target: classControls.classTimeId, set: values })
      .returning();
    const timer = presentTimer(input.courseid, classTimeId, row, now);
    await t.realtime.publish(rooms.course(input.courseid), SPEAK_EVENTS.timer, timer);
    return timer;
  });
}

/** `/Futurev2/Tools/stopTimer` (ours): stops the running countdown (none running: nothing changes); pushed as a start is. */
export async function stopTimer(ctx: AppContext, user: User, courseId: number) {
  await moderator(ctx, user, courseId);
  const classTimeId = await classInProgress(ctx, courseId);
  const now = Date.now();
  return inTransaction(ctx, async (t) => {
    const [row] = await t.db
      .update(classControls)
      .set({ timerStoppedAt: new Date(now), changedBy: user.id, changedAt: new Date(now) })
      .where(
        and(
          eq(classControls.classTimeId, classTimeId),
          isNull(classControls.timerStoppedAt),
          sql`${classControls.timerEndsAt} > now()`,
        ),
      )
      .returning();
    const timer = presentTimer(courseId, classTimeId, row ?? (await controlsOf(t, classTimeId)), now);
    if (row) await t.realtime.publish(rooms.course(courseId), SPEAK_EVENTS.timer, timer);
    return timer;
  });
}
