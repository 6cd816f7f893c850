import { CONTENT_TYPES, LIVE_STATES } from '@paiclass/shared';
import { sql } from 'drizzle-orm';
import { contents, courses } from '../../db/schema';

/**
 * The course list's live and meeting state (spec 1 §4), per row of `courses`: read in the same
 * query as the list, never a query per course.
 */
const ofCourse = sql`${contents.courseId} = ${courses.id} and ${contents.deletedAt} is null`;
const start = sql`(${contents.settings}->>'start')::bigint`;
const end = sql`(${contents.settings}->>'end')::bigint`;
const now = sql`extract(epoch from now())`;

/** A meeting (type 22) of the course in progress now: `is_meeting`. */
export const inMeetingSql = sql<boolean>`exists (select 1 from ${contents} where ${ofCourse} and ${contents.contenttype} = ${sql.raw(String(CONTENT_TYPES.meeting))} and ${start} <= ${now} and ${end} >= ${now})`;

/** A live (type 20) of the course on the air: type 1 and `liveState` 1. */
export const liveNowSql = sql<boolean>`exists (select 1 from ${contents} where ${ofCourse} and ${contents.contenttype} = ${sql.raw(String(CONTENT_TYPES.live))} and ${contents.settings}->>'liveState' = '${sql.raw(String(LIVE_STATES.live))}')`;

/** When the next meeting of the course starts or ends (epoch seconds), so a kept course list ends then; null none. */
export const nextMeetingEdgeSql = sql<
  number | null
>`(select min(case when ${start} > ${now} then ${start} else ${end} + 1 end) from ${contents} where ${ofCourse} and ${contents.contenttype} = ${sql.raw(String(CONTENT_TYPES.meeting))} and ${end} >= ${now})`;
