/** Shapes of the content calls the notice and topic pages read (docs/api.md "Course content", spec 2 §3). */

/** spec 2 §4 publish states: 0 unpublished (draft), 1 scheduled (not started), 2 published, 3 ended */
export type PublishState = 0 | 1 | 2 | 3;

/** A notice (type 7) or topic (type 5) as `getCourseContent` and `getContentDetail` answer it. */
export interface ActivityItem {
  id: number;
  courseid: number;
  contenttype: number;
  /** 1 an item, 2 (or 3) a folder */
  item_type: number;
  title: string;
  /** the sanitised body with fresh image addresses (detail only) */
  content?: string;
  publishState: PublishState;
  /** epoch seconds, 0 none */
  publish_time: number;
  createtime: number;
  endtime: number;
  /** 1: a notice the caller has read, a topic the caller has taken part in */
  mstatus: 0 | 1;
  author: { id: number; username: string } | null;
  /** teachers and assistants only: students who have / have not read (or taken part) */
  statistics?: { completed: number; unlearned: number };
  /** detail only: 1 the caller manages the course's content */
  courserole?: 0 | 1;
  /** detail only: 0 once it has ended (no more comments) */
  allowcomment?: 0 | 1;
}

/** `getCourseContent`: one page of a course's items of one type. */
export interface ActivityPage {
  list: ActivityItem[];
  total: number;
  page: number;
  limit: number;
  courserole: 0 | 1;
}

export interface ReaderRow {
  uid: number;
  username: string;
  stno: string;
  avatar: string;
  /** 1 read */
  state: 0 | 1;
  /** epoch seconds */
  donetime: number;
}

/** `getStudyProgress`: which students have read a notice. */
export interface ReadProgress {
  id: number;
  title: string;
  completed: number;
  unlearned: number;
  list: ReaderRow[];
}

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
export interface UnreadNotice {
  id: number;
  title: string;
  courseid: number;
  coursename: string;
  /** epoch seconds */
  publishtime: number;
}
