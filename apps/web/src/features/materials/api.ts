import { CONTENT_TYPES, contentCalls, FOLDER_PAGE_SIZE } from '@paiclass/shared';
import { call } from '../../lib/api';
import { MATERIAL_TYPES } from './paths';
import type { ContentBody } from './types';

/** Items per page of the materials list and the catalogue (the server allows at most 100). */
export const CONTENT_PAGE_SIZE = 20;

/** The course content calls of docs/api.md used by the materials and catalogue pages, typed. */
export const materialsApi = {
  /** contenttype 0 all, 2 or 8 the materials family (2, 8, 9, 10; the server answers exactly the types asked); dirid 0 all */
  list: ({ contenttype, ...body }: { courseid: number; contenttype: number; dirid?: number; page: number; limit?: number }) =>
    call(contentCalls.getCourseContent, {
      limit: CONTENT_PAGE_SIZE,
      ...body,
      contenttype:
        contenttype === CONTENT_TYPES.material || contenttype === CONTENT_TYPES.material2 ? MATERIAL_TYPES : contenttype,
    }),
  /** one folder's children, 10 a page (spec 2 §9) */
  folderPage: (courseid: number, folderid: number, page: number) =>
    call(contentCalls.getCourseContent, { courseid, folderid, page, limit: FOLDER_PAGE_SIZE }),
  /** a material's files; a student's opening counts as learning it */
  query: (courseid: number, id: number) => call(contentCalls.query, { courseid, id }),
  /** a fresh download address, or 30401 "no permission to download" */
  download: (courseid: number, id: number, fileid: number) => call(contentCalls.download, { courseid, id, fileid }),
  progress: (courseid: number, id: number) => call(contentCalls.getStudyProgress, { courseid, id }),
  add: (body: ContentBody) => call(contentCalls.addContent, body),
  addFolder: (courseid: number, contenttype: number, title: string, dirid = 0) =>
    call(contentCalls.addFolder, { courseid, contenttype, title, dirid }),
  rename: (courseid: number, id: number, title: string) => call(contentCalls.rename, { courseid, id, title }),
  /** into a folder of the same family, or back to the top with 0 */
  moveToFolder: (courseid: number, ids: number[], folderid: number) =>
    call(contentCalls.moveToFolder, { courseid, ids, folderid }),
  /** into a directory (a folder takes its children along), or out of every directory with 0 */
  directoryChange: (courseid: number, ids: number[], dirid: number) =>
    call(contentCalls.directoryChange, { courseid, ids, dirid }),
  remove: (courseid: number, id: number) => call(contentCalls.deleteContent, { courseid, id }),
  /** now (0) or at a time (epoch seconds) */
  publish: (courseid: number, id: number, publishTime = 0) =>
    call(contentCalls.publishContent, { courseid, id, publish_time: publishTime }),
  /** epoch seconds; 0 clears the end time */
  setEndTime: (courseid: number, id: number, endtime: number) => call(contentCalls.setEndTime, { courseid, id, endtime }),
  setDownload: (courseid: number, id: number, downloadable: boolean) =>
    call(contentCalls.setDownload, {
      courseid,
      id,
      downloadable: downloadable ? 1 : 0,
    }),
  directories: (courseid: number) => call(contentCalls.getCourseDirectory, { courseid }),
  addDirectory: (courseid: number, title: string) => call(contentCalls.addDirectory, { courseid, title }),
  renameDirectory: (courseid: number, id: number, title: string) => call(contentCalls.renameDirectory, { courseid, id, title }),
  deleteDirectory: (courseid: number, id: number) => call(contentCalls.deleteDirectory, { courseid, id }),
};

/** TanStack Query keys of the materials and catalogue pages. */
export const materialKeys = {
  all: (courseId: number) => ['materials', courseId] as const,
  list: (courseId: number, contenttype: number, dirid: number) => ['materials', courseId, 'list', contenttype, dirid] as const,
  folder: (courseId: number, folderId: number) => ['materials', courseId, 'folder', folderId] as const,
  files: (courseId: number, id: number) => ['materials', courseId, 'files', id] as const,
  progress: (courseId: number, id: number) => ['materials', courseId, 'progress', id] as const,
  directories: (courseId: number) => ['materials', courseId, 'directories'] as const,
};
