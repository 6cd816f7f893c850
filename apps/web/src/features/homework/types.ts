import type { UploadedFile } from '../../lib/upload';
import type { Attachment, PublishState } from '../materials/types';

/** Shapes of the homework calls (docs/api.md "Homework", spec 2 §3, §4). */

/** spec 2 §3: 1 personal, 2 group, 3 peer review */
export type HomeworkType = 1 | 2 | 3;

/**
 * spec 2 §4 homework states as the server numbers them: 0 not submitted, 1 submitted, 2 submitted
 * overtime, 3 returned for resubmission, 4 corrected with the score not published, 5 corrected with score.
 */
export type WorkState = 0 | 1 | 2 | 3 | 4 | 5;

/** The homework's own settings (`getHomework` `settings`). */
export interface HomeworkSettings {
  type: HomeworkType;
  fullscore: number;
  allowlate: 0 | 1;
  groupsetid: number;
  dupcheck: 0 | 1;
  dupceiling: number;
  dupcoursewide: 0 | 1;
  reviewers: number;
  anonymous: 0 | 1;
  mincomment: number;
  /** 1 peer average, 2 the teacher's score overrides */
  scoremode: 1 | 2;
  scorespublished: 0 | 1;
}

/** A teacher's counts of where the submissions stand (owners: students, or groups). */
export interface HomeworkCounts {
  total: number;
  notsubmitted: number;
  /** submitted and not yet graded (overtime included) */
  submitted: number;
  overtime: number;
  returned: number;
  ungraded: number;
  graded: number;
  published: number;
  shared: number;
}

/** A file of a submission: always with its signed addresses (the submitter's and the graders'). */
export type WorkFile = UploadedFile;

/** A submission as the server presents it; a student gets `score` and `comment` only once published. */
export interface Submission {
  sid: number;
  uid: number;
  username: string;
  stno: string;
  groupid: number;
  groupname: string;
  state: WorkState;
  message: string;
  attachment: WorkFile[];
  /** epoch seconds */
  submittime: number;
  overtime: 0 | 1;
  version: number;
  returnreason: string;
  score: number | null;
  comment: string;
  scorepublished: 0 | 1;
  /** 0 never shared, 1 shared, 2 share cancelled */
  shared: 0 | 1 | 2;
  sharereason: string;
}

/** `getHomework`: the item with its body, files and settings; and for its reader, more. */
export interface Homework {
  id: number;
  courseid: number;
  contenttype: number;
  title: string;
  content?: string;
  publishState: PublishState;
  publish_time: number;
  createtime: number;
  endtime: number;
  mstatus: 0 | 1;
  attachment: Attachment[];
  author: { id: number; username: string } | null;
  settings: HomeworkSettings;
  /** teachers and assistants */
  counts?: HomeworkCounts;
  /** students: 1 when they have a group in the homework's grouping (always 1 for other types) */
  ingroup?: 0 | 1;
  /** students: their (or their group's) submission */
  mine?: Submission | null;
  state?: WorkState;
  /** students: the teacher reminded them and they have not submitted */
  called?: 0 | 1;
  /** students: a submission is taken now */
  cansubmit?: 0 | 1;
  /** students: the deadline has passed */
  late?: 0 | 1;
}

export interface Member {
  uid: number;
  username: string;
  stno: string;
}

/** `stuUserList`: a student (or a group) with their submission, if any. */
export interface OwnerRow {
  /** `u:<uid>` or `g:<groupid>` */
  owner: string;
  name: string;
  members: Member[];
  state: WorkState;
  /** 1 reminded and still not submitted */
  called: 0 | 1;
  submission: Submission | null;
}

export interface OwnerPage {
  total: number;
  page: number;
  list: OwnerRow[];
}

/** `stuWorkHistory`: one version of a submission. */
export interface WorkVersion {
  version: number;
  uid: number;
  username: string;
  message: string;
  attachment: WorkFile[];
  submittime: number;
  overtime: 0 | 1;
}

/** The homework fields of `addHomework` and `editHomework` (packages/shared homework schemas). */
export interface HomeworkFields {
  courseid: number;
  title: string;
  content: string;
  fileids: number[];
  type: HomeworkType;
  fullscore: number;
  endtime: number;
  allowlate: 0 | 1;
  groupsetid: number;
  dupcheck: 0 | 1;
  dupceiling: number;
  dupcoursewide: 0 | 1;
  reviewers: number;
  anonymous: 0 | 1;
  mincomment: number;
  scoremode: 1 | 2;
}

/** `addHomework`: the fields and when to publish: 0 draft, 1 now, 2 at `publish_time`. */
export interface HomeworkAddBody extends HomeworkFields {
  publish: 0 | 1 | 2;
  publish_time: number;
}
