import type { UploadedFile } from '../../lib/upload';

/** Shapes of the course content calls (docs/api.md "Course content", spec 2 §3). */

/** A file of an item; where the caller may not download it, no address at all and `candownload` 0. */
export interface Attachment extends UploadedFile {
  candownload: 0 | 1;
}

/** spec 2 §4 publish states: 0 unpublished (draft), 1 scheduled (not started), 2 published, 3 ended */
export type PublishState = 0 | 1 | 2 | 3;

/** One page of a folder's children (spec 2 §3: currentPage, pageSize 10, finished). */
export interface FolderChildren {
  list: ContentItem[];
  total: number;
  currentPage: number;
  pageSize: number;
  finished: 0 | 1;
}

/** A catalogue item: a content item (item_type 1) or a folder (item_type 2). */
export interface ContentItem {
  id: number;
  courseid: number;
  /** spec 2 §3 content type: 2, 8 material, 9 MOOC video, 10 external link, 5 topic, 7 announcement, ... */
  contenttype: number;
  /** 1 an item, 2 (or 3) a folder with children */
  item_type: number;
  title: string;
  link: string;
  status: number;
  state: number;
  publishState: PublishState;
  /** epoch seconds, 0 none */
  publish_time: number;
  createtime: number;
  endtime: number;
  /** 1 the caller has learned (opened) it */
  mstatus: 0 | 1;
  /** 1 students may download its files */
  downloadable: 0 | 1;
  attachment: Attachment[];
  folder: { id: number; title: string } | null;
  directory: { id: number; title: string } | null;
  author: { id: number; username: string } | null;
  /** teachers and assistants only */
  statistics?: { completed: number; unlearned: number };
  /** folders: the first page of children */
  children?: FolderChildren;
}

/** `getCourseContent`: a page of the catalogue. */
export interface ContentPage {
  list: ContentItem[];
  total: number;
  page: number;
  limit: number;
  courserole: 0 | 1;
}

/** `getCourseContent` with `folderid`: a page of one folder. */
export interface FolderPage {
  list: ContentItem[];
  total: number;
  page: number;
  limit: number;
  finished: 0 | 1;
}

/** `/FutureV2/Courseware/query`: a material's files. */
export interface MaterialFiles {
  id: number;
  title: string;
  contenttype: number;
  link: string;
  downloadable: 0 | 1;
  attachment: Attachment[];
}

/** `/CourseApi/getCourseDirectory` rows: how many top-level items each directory holds. */
export interface Directory {
  id: number;
  title: string;
  count: number;
}

export interface StudyRow {
  uid: number;
  username: string;
  stno: string;
  avatar: string;
  /** 1 learned */
  state: 0 | 1;
  /** epoch seconds */
  donetime: number;
}

/** `getStudyProgress`: who has learned an item. */
export interface StudyProgress {
  id: number;
  title: string;
  completed: number;
  unlearned: number;
  list: StudyRow[];
}

/** `addContent`'s body (packages/shared content schemas). */
export interface ContentBody {
  courseid: number;
  contenttype: number;
  title: string;
  fileids: number[];
  link: string;
  downloadable: 0 | 1;
  folderid: number;
  dirid: number;
  /** 0 draft, 1 now, 2 at publish_time */
  publish: 0 | 1 | 2;
  publish_time: number;
  endtime: number;
}
