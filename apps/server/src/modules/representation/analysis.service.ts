import {
  BARRAGE_DETAIL_LIMIT,
  BARRAGE_TOP_SENDERS,
  type BarrageDetailAnswer,
  CLASS_RECORD_LIMIT,
  type ClassNote,
  type ClassNotesAnswer,
  type ClassTimeAnalysisInput,
  PRESENT_STATES,
  type StudyAnalysisAnswer,
  type StudyAnalysisInput,
  type StudyClassLine,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import {
  attendanceRecords,
  attendances,
  barrageMessages,
  classPresentations,
  classSlideViews,
  classTimes,
  contents,
  courseMembers,
  courseStars,
  coursewareDoubts,
  coursewareLearners,
  interactAnswers,
  interactSteps,
  races,
  testAttempts,
  tests,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { authorize } from '../courses/courses.queries';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);
/** the end of a class time's window: its end, or now while it is in progress */
const windowEnd = sql`coalesce(${classTimes.endedAt}, now())`;
const present = inArray(attendanceRecords.state, [...PRESENT_STATES]);
/** handed in (2) or returned (3) */
const HANDED_IN = [2, 3];

/**
 * `/FutureV2/ClassRecord/studyAnalysis`: every current student of the course with their attendance
 * rate, interactive answers and right rate, bullet comments, stars, courseware learning and tests; with
 * `uid` (a current student, else 31401) also their line per class time. The teacher and assistants only
 * (40003). A fixed number of grouped queries whatever the number of students (decision 006).
 */
export async function studyAnalysis(ctx: AppContext, user: User, input: StudyAnalysisInput): Promise<StudyAnalysisAnswer> {
  const courseId = input.courseid;
  await authorize(ctx, user, courseId, 'teachClass');
  const byUser = <T extends { userId: number }>(rows: T[]) => new Map(rows.map((r) => [r.userId, r]));
  const [students, [held], [classCount], [stepCount], attended, answered, comments, stars, learned, handedIn] = await Promise.all(
    [
      ctx.db
        .select({ uid: users.id, username: users.username, avatar: users.avatar, stno: users.stno })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')))
        .orderBy(asc(users.username), asc(users.id)),
      ctx.db
        .select({ n: count() })
        .from(attendances)
        .where(and(eq(attendances.courseId, courseId), isNull(attendances.deletedAt))),
      ctx.db.select({ n: count() }).from(classTimes).where(eq(classTimes.courseId, courseId)),
      ctx.db
        .select({ n: count() })
        .from(interactSteps)
        .where(
          and(eq(interactSteps.courseId, courseId), isNotNull(interactSteps.classTimeId), isNotNull(interactSteps.openedAt)),
        ),
      ctx.db
        .select({ userId: attendanceRecords.userId, n: sql<number>`count(distinct ${attendances.id})::int`.mapWith(Number) })
        .from(attendanceRecords)
        .innerJoin(attendances, and(eq(attendances.id, attendanceRecords.attendanceId), isNull(attendances.deletedAt)))
        .where(and(eq(attendanceRecords.courseId, courseId), present))
        .groupBy(attendanceRecords.userId),
      ctx.db
        .select({
          userId: interactAnswers.userId,
          answered: count(),
          correct: sql<number>`(count(*) filter (where ${interactAnswers.correct} = 1))::int`.mapWith(Number),
        })
        .from(interactAnswers)
        .innerJoin(interactSteps, eq(interactSteps.id, interactAnswers.stepId))
        .where(and(eq(interactAnswers.courseId, courseId), isNotNull(interactSteps.classTimeId)))
        .groupBy(interactAnswers.userId),
      ctx.db
        .select({ userId: barrageMessages.userId, n: count() })
        .from(barrageMessages)
        .where(eq(barrageMessages.courseId, courseId))
        .groupBy(barrageMessages.userId),
      ctx.db
        .select({ userId: courseStars.userId, n: sql<number>`sum(${courseStars.stars})::int`.mapWith(Number) })
        .from(courseStars)
        .where(eq(courseStars.courseId, courseId))
        .groupBy(courseStars.userId),
      ctx.db
        .select({
          userId: coursewareLearners.userId,
          items: count(),
          pages: sql<number>`coalesce(sum(jsonb_array_length(${coursewareLearners.seen})), 0)::int`.mapWith(Number),
          finished: sql<number>`(count(*) filter (where ${coursewareLearners.finishedAt} is not null))::int`.mapWith(Number),
        })
        .from(coursewareLearners)
        .innerJoin(contents, and(eq(contents.id, coursewareLearners.contentId), eq(contents.courseId, courseId)))
        .groupBy(coursewareLearners.userId),
      ctx.db
        .select({
          userId: testAttempts.userId,
          tests: sql<number>`count(distinct ${testAttempts.contentId})::int`.mapWith(Number),
          avg: sql<
            number | null
          >`avg(100.0 * ${testAttempts.score} / ${tests.totalScore}) filter (where ${testAttempts.score} is not null and ${testAttempts.pending} = 0 and ${tests.totalScore} > 0)`.mapWith(
            (v) => (v === null ? null : Number(v)),
          ),
        })
        .from(testAttempts)
        .innerJoin(tests, eq(tests.contentId, testAttempts.contentId))
        .where(and(eq(testAttempts.courseId, courseId), inArray(testAttempts.status, HANDED_IN)))
        .groupBy(testAttempts.userId),
    ],
  );
  const attendedOf = byUser(attended);
  const answeredOf = byUser(answered);
  const commentsOf = byUser(comments);
  const starsOf = byUser(stars);
  const learnedOf = byUser(learned);
  const testsOf = byUser(handedIn);
  const attendanceCount = held?.n ?? 0;
  const list = students.map((s) => {
    const a = answeredOf.get(s.uid);
    const l = learnedOf.get(s.uid);
    const t = testsOf.get(s.uid);
    const p = attendedOf.get(s.uid)?.n ?? 0;
    return {
      ...s,
      present: p,
      attendrate: percent(p, attendanceCount),
      answered: a?.answered ?? 0,
      correct: a?.correct ?? 0,
      rightrate: percent(a?.correct ?? 0, a?.answered ?? 0),
      barrage: commentsOf.get(s.uid)?.n ?? 0,
      stars: starsOf.get(s.uid)?.n ?? 0,
      coursewares: l?.items ?? 0,
      pages: l?.pages ?? 0,
      finished: l?.finished ?? 0,
      tests: t?.tests ?? 0,
      testavg: t?.avg == null ? 0 : Math.round(t.avg),
    };
  });
  const answer: StudyAnalysisAnswer = {
    courseid: courseId,
    classes: classCount?.n ?? 0,
    attendances: attendanceCount,
    steps: stepCount?.n ?? 0,
    list,
  };
  if (input.uid === undefined) return answer;
  if (!list.some((s) => s.uid === input.uid)) throw fail('starNotStudent');
  return { ...answer, lines: await studentLines(ctx, courseId, input.uid) };
}

/** One student's line per class time (newest first): five grouped queries. */
async function studentLines(ctx: AppContext, courseId: number, uid: number): Promise<StudyClassLine[]> {
  const times = await ctx.db
    .select({ id: classTimes.id, startedAt: classTimes.startedAt, endedAt: classTimes.endedAt })
    .from(classTimes)
    .where(eq(classTimes.courseId, courseId))
    .orderBy(desc(classTimes.startedAt), desc(classTimes.id))
    .limit(CLASS_RECORD_LIMIT);
  if (times.length === 0) return [];
  const ids = times.map((t) => t.id);
  const [attended, steps, comments, stars] = await Promise.all([
    ctx.db
      .select({
        id: classTimes.id,
        attendances: sql<number>`count(distinct ${attendances.id})::int`.mapWith(Number),
        present: sql<number>`(count(distinct ${attendanceRecords.attendanceId}) filter (where ${present}))::int`.mapWith(Number),
      })
      .from(classTimes)
      .innerJoin(
        attendances,
        and(
          eq(attendances.courseId, classTimes.courseId),
          isNull(attendances.deletedAt),
          gte(attendances.createdAt, classTimes.startedAt),
          lt(attendances.createdAt, windowEnd),
        ),
      )
      .leftJoin(attendanceRecords, and(eq(attendanceRecords.attendanceId, attendances.id), eq(attendanceRecords.userId, uid)))
      .where(inArray(classTimes.id, ids))
      .groupBy(classTimes.id),
    ctx.db
      .select({
        id: interactSteps.classTimeId,
        steps: count(),
        answered: sql<number>`count(${interactAnswers.userId})::int`.mapWith(Number),
        correct: sql<number>`(count(*) filter (where ${interactAnswers.correct} = 1))::int`.mapWith(Number),
      })
      .from(interactSteps)
      .leftJoin(interactAnswers, and(eq(interactAnswers.stepId, interactSteps.id), eq(interactAnswers.userId, uid)))
      .where(and(inArray(interactSteps.classTimeId, ids), isNotNull(interactSteps.openedAt)))
      .groupBy(interactSteps.classTimeId),
    ctx.db
      .select({ id: barrageMessages.classTimeId, n: count() })
      .from(barrageMessages)
      .where(and(inArray(barrageMessages.classTimeId, ids), eq(barrageMessages.userId, uid)))
      .groupBy(barrageMessages.classTimeId),
    ctx.db
      .select({ id: courseStars.classTimeId, n: sql<number>`sum(${courseStars.stars})::int`.mapWith(Number) })
      .from(courseStars)
      .where(and(inArray(courseStars.classTimeId, ids), eq(courseStars.userId, uid)))
      .groupBy(courseStars.classTimeId),
  ]);
  const byId = <T extends { id: number | null }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const attendedOf = byId(attended);
  const stepsOf = byId(steps);
  const commentsOf = byId(comments);
  const starsOf = byId(stars);
  return times.map((t) => ({
    classtimeid: t.id,
    starttime: seconds(t.startedAt),
    endtime: t.endedAt ? seconds(t.endedAt) : 0,
    attendances: attendedOf.get(t.id)?.attendances ?? 0,
    present: attendedOf.get(t.id)?.present ?? 0,
    steps: stepsOf.get(t.id)?.steps ?? 0,
    answered: stepsOf.get(t.id)?.answered ?? 0,
    correct: stepsOf.get(t.id)?.correct ?? 0,
    barrage: commentsOf.get(t.id)?.n ?? 0,
    stars: starsOf.get(t.id)?.n ?? 0,
  }));
}

/** The class time, read with the course in its `where`: another course's is not found (40004). */
async function courseClassTime(ctx: AppContext, courseId: number, classTimeId: number) {
  const [t] = await ctx.db
    .select({ id: classTimes.id, startedAt: classTimes.startedAt, endedAt: classTimes.endedAt })
    .from(classTimes)
    .where(and(eq(classTimes.id, classTimeId), eq(classTimes.courseId, courseId)));
  if (!t) throw fail('notFound');
  return t;
}

/**
 * `/FutureV2/ClassRecord/barrageDetail`: one class time's bullet comments oldest first (deleted ones
 * flagged), their count per minute from the class's start and the top senders. Staff only (40003);
 * another course's class time 40004.
 */
export async function barrageDetail(ctx: AppContext, user: User, input: ClassTimeAnalysisInput): Promise<BarrageDetailAnswer> {
  await authorize(ctx, user, input.courseid, 'teachClass');
  const t = await courseClassTime(ctx, input.courseid, input.classtimeid);
  const rows = await ctx.db
    .select({
      id: barrageMessages.id,
      uid: barrageMessages.userId,
      username: users.username,
      content: barrageMessages.content,
      vip: barrageMessages.vip,
      createdAt: barrageMessages.createdAt,
      deletedAt: barrageMessages.deletedAt,
    })
    .from(barrageMessages)
    .innerJoin(users, eq(users.id, barrageMessages.userId))
    .where(eq(barrageMessages.classTimeId, t.id))
    .orderBy(asc(barrageMessages.id))
    .limit(BARRAGE_DETAIL_LIMIT);
  const start = t.startedAt.getTime();
  const perMinute = new Map<number, number>();
  const perSender = new Map<number, { uid: number; username: string; count: number }>();
  for (const r of rows) {
    const minute = Math.max(0, Math.floor((r.createdAt.getTime() - start) / 60_000));
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    const s = perSender.get(r.uid) ?? { uid: r.uid, username: r.username, count: 0 };
    s.count += 1;
    perSender.set(r.uid, s);
  }
  const last = rows.length ? Math.max(...perMinute.keys()) : -1;
  return {
    courseid: input.courseid,
    classtimeid: t.id,
    starttime: seconds(t.startedAt),
    endtime: t.endedAt ? seconds(t.endedAt) : 0,
    list: rows.map((r) => ({
      id: r.id,
      uid: r.uid,
      username: r.username,
      content: r.content,
      vip: r.vip,
      deleted: r.deletedAt !== null,
      create_time: seconds(r.createdAt),
    })),
    minutes: Array.from({ length: last + 1 }, (_, minute) => ({ minute, count: perMinute.get(minute) ?? 0 })),
    senders: [...perSender.values()]
      .sort((a, b) => b.count - a.count || a.username.localeCompare(b.username) || a.uid - b.uid)
      .slice(0, BARRAGE_TOP_SENDERS),
  };
}

/**
 * `/FutureV2/ClassRecord/classNotes`: what happened in one class time in time order (began, the
 * attendances started with their results, questions asked with answered and right, races and winners,
 * stars given, ended), the bullet-comment count, the courseware on the screen while in progress, the
 * courseware the screen showed (its pages are in the courseware's review, decision 025) and the
 * doubts marked per courseware page during it. Staff only; another course's class time 40004.
 */
export async function classNotes(ctx: AppContext, user: User, input: ClassTimeAnalysisInput): Promise<ClassNotesAnswer> {
  const courseId = input.courseid;
  await authorize(ctx, user, courseId, 'teachClass');
  const t = await courseClassTime(ctx, courseId, input.classtimeid);
  const end = t.endedAt ?? new Date();
  const inWindow = (at: typeof attendances.createdAt | typeof coursewareDoubts.createdAt) =>
    and(gte(at, t.startedAt), lt(at, end));
  const [[students], [comments], attended, steps, raceRows, starRows, [showing], doubts, slides] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'))),
    ctx.db.select({ n: count() }).from(barrageMessages).where(eq(barrageMessages.classTimeId, t.id)),
    ctx.db
      .select({
        id: attendances.id,
        title: attendances.title,
        type: attendances.type,
        at: attendances.createdAt,
        present: sql<number>`(count(${attendanceRecords.userId}) filter (where ${attendanceRecords.state} = 0))::int`.mapWith(
          Number,
        ),
        late: sql<number>`(count(${attendanceRecords.userId}) filter (where ${attendanceRecords.state} = 2))::int`.mapWith(
          Number,
        ),
      })
      .from(attendances)
      .leftJoin(attendanceRecords, eq(attendanceRecords.attendanceId, attendances.id))
      .where(and(eq(attendances.courseId, courseId), isNull(attendances.deletedAt), inWindow(attendances.createdAt)))
      .groupBy(attendances.id),
    ctx.db
      .select({
        id: interactSteps.id,
        stem: interactSteps.stem,
        at: interactSteps.openedAt,
        answered: sql<number>`count(${interactAnswers.userId})::int`.mapWith(Number),
        correct: sql<number>`(count(*) filter (where ${interactAnswers.correct} = 1))::int`.mapWith(Number),
      })
      .from(interactSteps)
      .leftJoin(interactAnswers, eq(interactAnswers.stepId, interactSteps.id))
      .where(and(eq(interactSteps.classTimeId, t.id), isNotNull(interactSteps.openedAt)))
      .groupBy(interactSteps.id),
    ctx.db
      .select({ id: races.id, at: races.startedAt, winner: users.username })
      .from(races)
      .leftJoin(users, eq(users.id, races.winnerId))
      .where(eq(races.classTimeId, t.id)),
    ctx.db
      .select({
        uid: courseStars.userId,
        username: users.username,
        stars: courseStars.stars,
        reason: courseStars.reason,
        at: courseStars.createdAt,
      })
      .from(courseStars)
      .innerJoin(users, eq(users.id, courseStars.userId))
      .where(eq(courseStars.classTimeId, t.id)),
    ctx.db
      .select({ contentid: contents.id, title: contents.title, page: classPresentations.page, total: classPresentations.total })
      .from(classPresentations)
      .innerJoin(contents, eq(contents.id, classPresentations.contentId))
      .where(eq(classPresentations.classTimeId, t.id)),
    ctx.db
      .select({ contentid: contents.id, title: contents.title, page: coursewareDoubts.page, count: count() })
      .from(coursewareDoubts)
      .innerJoin(contents, and(eq(contents.id, coursewareDoubts.contentId), eq(contents.courseId, courseId)))
      .where(inWindow(coursewareDoubts.createdAt))
      .groupBy(contents.id, contents.title, coursewareDoubts.page)
      .orderBy(asc(contents.id), asc(coursewareDoubts.page)),
    ctx.db
      .select({
        contentid: contents.id,
        title: contents.title,
        views: count(classSlideViews.id),
        pages: sql<number>`count(distinct ${classSlideViews.page})::int`.mapWith(Number),
      })
      .from(classSlideViews)
      .innerJoin(contents, and(eq(contents.id, classSlideViews.contentId), isNull(contents.deletedAt)))
      .where(eq(classSlideViews.classTimeId, t.id))
      .groupBy(contents.id, contents.title)
      .orderBy(min(classSlideViews.id)),
  ]);
  const n = students?.n ?? 0;
  const notes: ClassNote[] = [
    { kind: 'begin', time: t.startedAt.getTime() },
    ...attended.map((a) => ({
      kind: 'attendance' as const,
      time: a.at.getTime(),
      id: a.id,
      title: a.title,
      type: a.type,
      present: a.present,
      late: a.late,
      students: n,
    })),
    ...steps.map((s) => ({
      kind: 'step' as const,
      time: (s.at ?? t.startedAt).getTime(),
      id: s.id,
      stem: s.stem,
      answered: s.answered,
      correct: s.correct,
    })),
    ...raceRows.map((r) => ({ kind: 'race' as const, time: r.at.getTime(), id: r.id, winner: r.winner ?? '' })),
    ...starRows.map((s) => ({
      kind: 'star' as const,
      time: s.at.getTime(),
      uid: s.uid,
      username: s.username,
      stars: s.stars,
      reason: s.reason,
    })),
  ];
  // in time order by the millisecond (equal times keep the order above), then in epoch seconds
  const sorted = notes
    .map((note, i) => ({ note, i }))
    .sort((a, b) => a.note.time - b.note.time || a.i - b.i)
    .map(({ note }) => ({ ...note, time: Math.floor(note.time / 1000) }));
  if (t.endedAt) sorted.push({ kind: 'end', time: seconds(t.endedAt) });
  return {
    courseid: courseId,
    classtimeid: t.id,
    starttime: seconds(t.startedAt),
    endtime: t.endedAt ? seconds(t.endedAt) : 0,
    students: n,
    barrage: comments?.n ?? 0,
    notes: sorted,
    showing: t.endedAt ? null : (showing ?? null),
    doubts,
    slides: slides.map((x) => ({ ...x, views: Number(x.views) })),
  };
}
