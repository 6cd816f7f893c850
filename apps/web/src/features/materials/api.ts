import {
  CONTENT_TYPES,
  type contentCountAnswer,
  type contentRenameAnswer,
  type directoryDeleteAnswer,
  type directoryListAnswer,
  type downloadSettingAnswer,
  FOLDER_PAGE_SIZE,
} from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { MATERIAL_TYPES } from './paths';
import type {
  Attachment,
  ContentBody,
  ContentItem,
  ContentPage,
  Directory,
  FolderPage,
  MaterialFiles,
  StudyProgress,
} from './types';

/** Items per page of the materials list and the catalogue (the server allows at most 100). */
export const CONTENT_PAGE_SIZE = 20;

/** The course content calls of docs/api.md used by the materials and catalogue pages, typed. */
export const materialsApi = {
  /** contenttype 0 all, 2 or 8 the materials family (2, 8, 9, 10; the server answers exactly the types asked); dirid 0 all */
  list: ({ contenttype, ...body }: { courseid: number; contenttype: number; dirid?: number; page: number; limit?: number }) =>
    api<ContentPage>('/FutureV2/CourseMeans/getCourseContent', {
      limit: CONTENT_PAGE_SIZE,
      ...body,
      contenttype:
        contenttype === CONTENT_TYPES.material || contenttype === CONTENT_TYPES.material2 ? MATERIAL_TYPES : contenttype,
    }),
  /** one folder's children, 10 a page (spec 2 §9) */
  folderPage: (courseid: number, folderid: number, page: number) =>
    api<FolderPage>('/FutureV2/CourseMeans/getCourseContent', { courseid, folderid, page, limit: FOLDER_PAGE_SIZE }),
  /** a material's files; a student's opening counts as learning it */
  query: (courseid: number, id: number) => api<MaterialFiles>('/FutureV2/Courseware/query', { courseid, id }),
  /** a fresh download address, or 30401 "no permission to download" */
  download: (courseid: number, id: number, fileid: number) =>
    api<Attachment>('/FutureV2/Courseware/download', { courseid, id, fileid }),
  progress: (courseid: number, id: number) => api<StudyProgress>('/FutureV2/CourseMeans/getStudyProgress', { courseid, id }),
  add: (body: ContentBody) => api<ContentItem>('/FutureV2/CourseMeans/addContent', body),
  addFolder: (courseid: number, contenttype: number, title: string, dirid = 0) =>
    api<ContentItem>('/FutureV2/CourseMeans/addFolder', { courseid, contenttype, title, dirid }),
  rename: (courseid: number, id: number, title: string) =>
    api<z.output<typeof contentRenameAnswer>>('/FutureV2/CourseMeans/rename', { courseid, id, title }),
  /** into a folder of the same family, or back to the top with 0 */
  moveToFolder: (courseid: number, ids: number[], folderid: number) =>
    api<z.output<typeof contentCountAnswer>>('/FutureV2/CourseMeans/moveToFolder', { courseid, ids, folderid }),
  /** into a directory (a folder takes its children along), or out of every directory with 0 */
  directoryChange: (courseid: number, ids: number[], dirid: number) =>
    api<z.output<typeof contentCountAnswer>>('/FutureV2/CourseMeans/directoryChange', { courseid, ids, dirid }),
  remove: (courseid: number, id: number) =>
    api<z.output<typeof contentCountAnswer>>('/FutureV2/CourseMeans/deleteContent', { courseid, id }),
  /** now (0) or at a time (epoch seconds) */
  publish: (courseid: number, id: number, publishTime = 0) =>
    api<ContentItem>('/FutureV2/CourseMeans/publishContent', { courseid, id, publish_time: publishTime }),
  /** epoch seconds; 0 clears the end time */
  setEndTime: (courseid: number, id: number, endtime: number) =>
    api<ContentItem>('/FutureV2/CourseMeans/setEndTime', { courseid, id, endtime }),
  setDownload: (courseid: number, id: number, downloadable: boolean) =>
    api<z.output<typeof downloadSettingAnswer>>('/FutureV2/CourseMeans/setDownload', {
      courseid,
      id,
      downloadable: downloadable ? 1 : 0,
    }),
  directories: (courseid: number) => api<z.output<typeof directoryListAnswer>>('/CourseApi/getCourseDirectory', { courseid }),
  addDirectory: (courseid: number, title: string) => api<Directory>('/CourseApi/addDirectory', { courseid, title }),
  renameDirectory: (courseid: number, id: number, title: string) =>
    api<z.output<typeof contentRenameAnswer>>('/CourseApi/renameDirectory', { courseid, id, title }),
  deleteDirectory: (courseid: number, id: number) =>
    api<z.output<typeof directoryDeleteAnswer>>('/CourseApi/deleteDirectory', { courseid, id }),
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
