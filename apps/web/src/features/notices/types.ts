import type {
  contentDetailAnswer,
  contentItemAnswer,
  contentPageAnswer,
  studyProgressAnswer,
  unreadNoticeAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes of the content calls the notice and topic pages read (docs/api.md "Course content", spec 2 §3), from the server's answer schemas. */

/** `getContentDetail`: a notice (type 7) or topic (type 5) with its body, `courserole` and `allowcomment`. */
export type ActivityDetail = z.output<typeof contentDetailAnswer>;

/** A notice or topic as a list row or a detail: the detail's own fields are there only on a detail. */
export type ActivityItem = z.output<typeof contentItemAnswer> & Partial<Pick<ActivityDetail, 'courserole' | 'allowcomment'>>;

/** spec 2 §4 publish states: 0 unpublished (draft), 1 scheduled (not started), 2 published, 3 ended */
export type PublishState = ActivityItem['publishState'];

/** `getCourseContent`: one page of a course's items of one type. */
export type ActivityPage = z.output<typeof contentPageAnswer>;

/** `getStudyProgress`: which students have read a notice. */
export type ReadProgress = z.output<typeof studyProgressAnswer>;
export type ReaderRow = ReadProgress['list'][number];

/** 0 keep as a draft, 1 publish now, 2 publish at `publish_time` */
export type PublishMode = 0 | 1 | 2;

/** `addContent`'s body for a notice or topic. */
export interface ActivityBody {
  courseid: number;
  contenttype: 5 | 7;
  title: string;
  content: string;
  fileids: number[];
  publish: PublishMode;
  /** epoch seconds */
  publish_time: number;
  endtime: number;
}

/** An unread announcement of the course-list dialog (spec 1 §3 Notice). */
export type UnreadNotice = z.output<typeof unreadNoticeAnswer>;
