import { CLASS_TIME_MAX_HOURS } from '@paiclass/shared';
import { sql } from 'drizzle-orm';
import { classTimes, courses } from '../../db/schema';

export const maxAge = sql.raw(`interval '${CLASS_TIME_MAX_HOURS} hours'`);

/** Whether the course of the row has a class time in progress: the course list's "in class" label (spec 1 §4 type 3). */
export const inClassSql = sql<boolean>`exists (select 1 from ${classTimes} where ${classTimes.courseId} = ${courses.id} and ${classTimes.endedAt} is null and ${classTimes.startedAt} > now() - ${maxAge})`;
