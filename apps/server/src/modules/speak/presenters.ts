import type { LetterItem, MuteAnswer, QuestionItem, QuestionReply, TimerState } from '@paiclass/shared';
import type { classControls, courseQuestionReplies, courseQuestions, speakLetters } from '../../db/schema';
import { seesAsker } from './speak.policy';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A letter as the teacher (and its sender) read it. */
export function presentLetter(l: typeof speakLetters.$inferSelect, sender: { username: string; avatar: string }): LetterItem {
  return {
    id: l.id,
    courseid: l.courseId,
    classtimeid: l.classTimeId,
    uid: l.userId,
    username: sender.username,
    avatar: sender.avatar,
    content: l.content,
    create_time: seconds(l.createdAt),
  };
}

/** A reply, with who wrote it. */
export function presentReply(r: typeof courseQuestionReplies.$inferSelect, username: string): QuestionReply {
  return { id: r.id, uid: r.userId, username, content: r.content, create_time: seconds(r.createdAt) };
}

/**
 * A question as `viewerId` may see it: an anonymous question's asker (uid, name, avatar) only to the
 * asker themselves. Every push and list goes through here, so no path leaks the identity.
 */
export function presentQuestion(
  q: typeof courseQuestions.$inferSelect,
  asker: { username: string; avatar: string },
  replies: QuestionReply[],
  viewerId: number,
): QuestionItem {
  const shown = seesAsker(q.anonymous, q.userId, viewerId);
  return {
    id: q.id,
    courseid: q.courseId,
    classtimeid: q.classTimeId ?? 0,
    uid: shown ? q.userId : 0,
    username: shown ? asker.username : '',
    avatar: shown ? asker.avatar : '',
    content: q.content,
    anonymous: q.anonymous ? 1 : 0,
    mine: q.userId === viewerId ? 1 : 0,
    answered: q.answeredAt ? 1 : 0,
    create_time: seconds(q.createdAt),
    replies,
  };
}

/** The timer of a class time by the server's clock `now` (ms): running while not stopped and not run out. */
export function presentTimer(
  courseId: number,
  classTimeId: number,
  c: Pick<typeof classControls.$inferSelect, 'timerSeconds' | 'timerStartedAt' | 'timerEndsAt' | 'timerStoppedAt'> | undefined,
  now: number,
): TimerState {
  const endsAt = c?.timerEndsAt?.getTime() ?? 0;
  const running = !!c && !!endsAt && !c.timerStoppedAt && endsAt > now;
  return {
    courseid: courseId,
    classtimeid: classTimeId,
    status: running ? 1 : 0,
    seconds: c?.timerSeconds ?? 0,
    started_at: c?.timerStartedAt?.getTime() ?? 0,
    ends_at: endsAt,
    now,
  };
}

export function presentMute(courseId: number, classTimeId: number, uid: number, mute: boolean, allMuted: boolean): MuteAnswer {
  return { courseid: courseId, classtimeid: classTimeId, uid, mute: mute ? 1 : 0, allmuted: allMuted ? 1 : 0 };
}
