import type {
  attachmentAnswer,
  catalogueItemAnswer,
  contentPageAnswer,
  directoryAnswer,
  folderChildrenAnswer,
  materialFilesAnswer,
  studyProgressAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes of the course content calls (docs/api.md "Course content", spec 2 §3), from the server's answer schemas. */

/** A file of an item; where the caller may not download it, no address at all and `candownload` 0. */
export type Attachment = z.output<typeof attachmentAnswer>;

/** A catalogue item (item_type 1) or a folder (item_type 2, with the first page of its `children`). */
export type ContentItem = z.output<typeof catalogueItemAnswer>;

/** spec 2 §4 publish states: 0 unpublished (draft), 1 scheduled (not started), 2 published, 3 ended */
export type PublishState = ContentItem['publishState'];

/** One page of a folder's children (spec 2 §3: currentPage, pageSize 10, finished). */
export type FolderChildren = z.output<typeof folderChildrenAnswer>;

/** `getCourseContent`: a page of the catalogue (with `courserole`). */
export type ContentPage = z.output<typeof contentPageAnswer>;

/** `getCourseContent` with `folderid`: a page of one folder (with `finished`). */
export type FolderPage = ContentPage;

/** `/FutureV2/Courseware/query`: a material's files. */
export type MaterialFiles = z.output<typeof materialFilesAnswer>;

/** `/CourseApi/getCourseDirectory` rows: how many top-level items each directory holds. */
export type Directory = z.output<typeof directoryAnswer>;

/** `getStudyProgress`: who has learned an item. */
export type StudyProgress = z.output<typeof studyProgressAnswer>;
export type StudyRow = StudyProgress['list'][number];

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
