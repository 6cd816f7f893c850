import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { contents, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { currentClassTime } from '../barrage/barrage.service';

/*
 * The class on the stream (issue 26, decision 040): which classes were given on a live and which
 * topics were raised during it, kept as lists of ids in the live's settings (`classTimeIds`,
 * `topicIds`), appended inside the database so two teachers at once both keep theirs.
 */

const ids = (raw: unknown) => (Array.isArray(raw) ? raw.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

export const classTimeIdsOf = (settings: Record<string, unknown>) => ids(settings.classTimeIds);
export const topicIdsOf = (settings: Record<string, unknown>) => ids(settings.topicIds);

/** What the live page shows of its class: the class in progress when it is this live's, the count, the topics. */
export async function liveClassOf(ctx: AppContext, item: { courseId: number; settings: Record<string, unknown> }) {
  const given = classTimeIdsOf(item.settings);
  const open = given.length ? ((await currentClassTime(ctx, item.courseId)) ?? 0) : 0;
  const topicIds = topicIdsOf(item.settings);
  const topics = topicIds.length
    ? await ctx.db
        .select({
          id: contents.id,
          title: contents.title,
          uid: contents.authorId,
          username: users.username,
          at: contents.createdAt,
        })
        .from(contents)
        .innerJoin(users, eq(users.id, contents.authorId))
        .where(and(inArray(contents.id, topicIds), eq(contents.courseId, item.courseId), isNull(contents.deletedAt)))
        .orderBy(asc(contents.id))
    : [];
  return {
    classtimeid: given.includes(open) ? open : 0,
    classes: given.length,
    topics: topics.map((t) => ({
      id: t.id,
      title: t.title,
      uid: t.uid,
      username: t.username,
      create_time: Math.floor(t.at.getTime() / 1000),
    })),
  };
}
