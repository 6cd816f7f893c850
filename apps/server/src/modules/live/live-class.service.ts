import { CONTENT_TYPES, LETTER_LIST_LIMIT, LIVE_EVENTS, LIVE_STATES } from '@paiclass/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { contents, courseQuestions, speakLetters, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { beginClass } from '../classtime/classtime.service';
import { canAuthor, managesContent } from '../content/content.policy';
import { courseRole, createItem, type Tx } from '../content/content.service';
import { authorize } from '../courses/courses.queries';
import { presentLetter, presentQuestion } from '../speak/presenters';
import { repliesOf } from '../speak/speak.queries';
import { liveSettings } from './live.policy';
import { loadLive, present } from './live.service';
import { classTimeIdsOf } from './live-class.queries';

/*
 * The class on the stream (issue 26, decision 040). A class given on a live is the course's class
 * time, so the classroom's own machinery runs unchanged on the live page: interactive answers
 * (decision 022), letters, questions, muting and the timer (decision 024), attendance (decision 013).
 * What is the live's own: which classes were given on it, the topics raised during it, and the
 * speaking history of those classes.
 */

type Item = typeof contents.$inferSelect;
const QUESTIONS_MAX = 200;

/** An ended live (or its recorded lesson) takes no class and no topic. */
function refuseEnded(item: Item) {
  const s = liveSettings(item.settings);
  if (item.contenttype !== CONTENT_TYPES.live || s.liveState === LIVE_STATES.ended) throw fail('liveEnded');
}

/** Appends `value` to the live's id list `key` inside the database (once), so two writers at once both keep theirs. */
async function appendId(db: AppContext['db'] | Tx, liveId: number, key: 'classTimeIds' | 'topicIds', value: number) {
  const list: SQL = sql`coalesce(${contents.settings} -> ${sql.raw(`'${key}'`)}, '[]'::jsonb)`;
  await db
    .update(contents)
    .set({
      settings: sql`jsonb_set(${contents.settings}, ${sql.raw(`'{${key}}'`)}, ${list} || jsonb_build_array(${value}::int))`,
      updatedAt: new Date(),
    })
    .where(and(eq(contents.id, liveId), sql`not (${list} @> jsonb_build_array(${value}::int))`));
}

/**
 * `/Live/LiveApi/beginClass` (ours): the teacher or an assistant gives the course's class on this live.
 * No class in progress: one begins (`AttendClass.classBegin` to the course, as on the course home); a
 * class in progress: it is kept and given on this live too. The course hears `Live.class`. Refused: an
 * ended live (30407), an ended course (30312), students (40003).
 */
export async function beginLiveClass(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await authorize(ctx, user, courseId, 'teachClass');
  if (m.course.classending === 1) throw fail('courseEnded');
  const item = await loadLive(ctx, courseId, id);
  refuseEnded(item);
  await inTransaction(ctx, async (t) => {
    const status = await beginClass(t, user, courseId);
    await appendId(t.db, item.id, 'classTimeIds', status.classtimeid);
    await t.realtime.publish(rooms.course(courseId), LIVE_EVENTS.class, {
      courseid: courseId,
      id: item.id,
      classtimeid: status.classtimeid,
    });
  });
  return present(ctx, await loadLive(ctx, courseId, id), true);
}

/**
 * `/Live/LiveApi/addTopic` (ours, `/onlineLive/addTopic`): a topic (content type 5) of the course,
 * raised during the live: created as `addContent` creates it (the teacher's or an assistant's; a
 * student's where the course lets students start topics, else 30402), published at once, listed on the
 * live and announced to the course (`Live.topic`). An ended live: 30407.
 */
export async function addLiveTopic(
  ctx: AppContext,
  user: User,
  input: { courseid: number; id: number; title: string; content: string },
) {
  const m = await courseRole(ctx, user, input.courseid);
  const item = await loadLive(ctx, input.courseid, input.id);
  if (!canAuthor(m.role, CONTENT_TYPES.topic, m.course)) throw m.role === 'student' ? fail('topicsClosed') : fail('forbidden');
  refuseEnded(item);
  const topic = await createItem(
    ctx,
    user,
    m,
    {
      contenttype: CONTENT_TYPES.topic,
      title: input.title,
      content: input.content,
      fileids: [],
      link: '',
      downloadable: 1,
      folderid: 0,
      dirid: 0,
      publish: 1,
      publish_time: 0,
      endtime: 0,
    },
    (tx, made) => appendId(tx, item.id, 'topicIds', made.id),
  );
  await ctx.realtime.publish(rooms.course(input.courseid), LIVE_EVENTS.topic, {
    courseid: input.courseid,
    id: item.id,
    topicid: topic.id,
    title: topic.title,
  });
  return present(ctx, await loadLive(ctx, input.courseid, input.id), managesContent(m.role));
}

/**
 * `/Live/LiveApi/speakHistory` (ours, `/onlineLive/speakHistory`): the letters (the newest
 * LETTER_LIST_LIMIT, oldest first) and the questions asked in the classes given on the live. The staff
 * read everyone's, a student only their own; an anonymous question never names its asker but to them.
 */
export async function liveSpeakHistory(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await courseRole(ctx, user, courseId);
  const item = await loadLive(ctx, courseId, id);
  const staff = managesContent(m.role);
  const classtimes = classTimeIdsOf(item.settings);
  if (classtimes.length === 0) return { classtimes, letters: [], questions: [] };
  // the letters and the questions of the live's classes, read side by side
  const [letters, questions] = await Promise.all([
    ctx.db
      .select({ l: speakLetters, username: users.username, avatar: users.avatar })
      .from(speakLetters)
      .innerJoin(users, eq(users.id, speakLetters.userId))
      .where(
        and(
          inArray(speakLetters.classTimeId, classtimes),
          eq(speakLetters.courseId, courseId),
          staff ? undefined : eq(speakLetters.userId, user.id),
        ),
      )
      .orderBy(desc(speakLetters.id))
      .limit(LETTER_LIST_LIMIT),
    ctx.db
      .select({ q: courseQuestions, username: users.username, avatar: users.avatar })
      .from(courseQuestions)
      .innerJoin(users, eq(users.id, courseQuestions.userId))
      .where(
        and(
          inArray(courseQuestions.classTimeId, classtimes),
          eq(courseQuestions.courseId, courseId),
          staff ? undefined : eq(courseQuestions.userId, user.id),
        ),
      )
      .orderBy(asc(courseQuestions.id))
      .limit(QUESTIONS_MAX),
  ]);
  const replies = await repliesOf(
    ctx,
    questions.map((r) => r.q.id),
  );
  return {
    classtimes,
    letters: letters.reverse().map((r) => presentLetter(r.l, r)),
    questions: questions.map((r) => presentQuestion(r.q, r, replies.get(r.q.id) ?? [], user.id)),
  };
}
