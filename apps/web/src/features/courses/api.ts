import type {
  allowQuitAnswer,
  archiveAnswer,
  codeStoppedAnswer,
  courseDoneAnswer,
  demoCourseListAnswer,
  demoCreatedAnswer,
  endCourseAnswer,
  enrollReviewAnswer,
  JoinKey,
  joinCodeAnswer,
  listedCourseAnswer,
  markSeenAnswer,
  NewsArea,
  newCountsAnswer,
  pinAnswer,
  semesterListAnswer,
  templateAnswer,
  transferAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';
import { ApiError, api, NETWORK_ERROR } from '../../lib/api';
import type {
  CourseInfo,
  CourseIntro,
  CourseItem,
  CourseModule,
  CoursePortal,
  CourseProfile,
  EnrollAnswer,
  EnrollForm,
  EnrollQuestion,
  EnrollRequest,
  EnrollSetting,
  JoinResult,
  UserInCourse,
} from './types';

/** The course form as the server takes it (docs/api.md: studytime empty means none). */
export interface CourseBody {
  coursename: string;
  classname: string;
  venue: string;
  semester: string;
  term: number;
  teachtype: number;
  studytime: string;
}

/** A demo course offered to start a course from (spec 1 §6 "creates from demo"). */
export type DemoCourse = DemoCourseList['list'][number];

/** `/CourseApi/demoCourseList`: the demo courses, and whether the caller may create from them (certified teachers). */
export type DemoCourseList = z.output<typeof demoCourseListAnswer>;

/** A new course from a demo: the demo and the new course's name, class, year and term. */
export interface DemoCourseBody {
  demoid: number;
  coursename: string;
  classname: string;
  semester: string;
  term: number;
}

/** The second confirmation of delete, quit and transfer (spec 1 §4 deleteway). */
export type Confirmation = { password: string } | { coursename: string };

/** A listed course as the server sends it: `id` and `term` as strings, as Ketangpai does (issue 10). */
type WireCourseItem = z.output<typeof listedCourseAnswer>;

/** A listed course with numbers where the pages compare and count them. */
export const readCourseItem = (c: WireCourseItem): CourseItem => ({ ...c, id: Number(c.id), term: Number(c.term) });

/** The course calls of docs/api.md, typed. */
export const coursesApi = {
  createCourse: (body: CourseBody) => api<CourseItem>('/CourseApi/createCourse', body),
  editCourse: (id: number, body: CourseBody) => api<CourseItem>('/CourseApi/editCourse', { id, ...body }),
  getCourseInfo: (courseid: number) => api<CourseInfo>('/CourseApi/getCourseInfo', { courseid }),
  semesterList: (body: { isstudy: 0 | 1; search: string }) =>
    api<z.output<typeof semesterListAnswer>>('/CourseApi/semesterList', body),
  semesterCourseList: async (body: { isstudy: 0 | 1; search: string; type?: 'teach' | 'assist' }) =>
    (await api<WireCourseItem[]>('/CourseApi/semesterCourseList', { ...body, semester: '', term: '' })).map(readCourseItem),
  sortCourse: (ids: number[]) => api<z.output<typeof courseDoneAnswer>>('/CourseApi/sortCourse', { ids }),
  setTop: (courseid: number, isTop: 0 | 1) => api<z.output<typeof pinAnswer>>('/CourseApi/setTop', { courseid, isTop }),
  archiveCourse: (courseid: number) => api<z.output<typeof archiveAnswer>>('/CourseApi/archiveCourse', { courseid }),
  restoreCourse: (courseid: number) => api<z.output<typeof archiveAnswer>>('/CourseApi/restoreCourse', { courseid }),
  archivedCourseList: (type: 0 | 1 | 2 | 3) => api<CourseItem[]>('/CourseApi/archivedCourseList', { type }),
  resetCode: (courseid: number) => api<z.output<typeof joinCodeAnswer>>('/CourseApi/resetCode', { courseid }),
  stopCode: (courseid: number) => api<z.output<typeof codeStoppedAnswer>>('/CourseApi/stopCode', { courseid }),
  startCode: (courseid: number) => api<z.output<typeof codeStoppedAnswer>>('/CourseApi/startCode', { courseid }),
  deleteCourse: (courseid: number, confirmation: Confirmation) =>
    api<z.output<typeof courseDoneAnswer>>('/CourseApi/deleteCourse', { courseid, ...confirmation }),
  quitCourse: (courseid: number, confirmation: Confirmation) =>
    api<z.output<typeof courseDoneAnswer>>('/CourseApi/quitCourse', { courseid, ...confirmation }),
  transferCourse: (courseid: number, account: string, confirmation: Confirmation) =>
    api<z.output<typeof transferAnswer>>('/CourseApi/transferCourse', { courseid, account, ...confirmation }),
  copyCourse: (courseid: number, coursename: string) => api<CourseItem>('/CourseApi/copyCourse', { courseid, coursename }),
  demoCourseList: () => api<DemoCourseList>('/CourseApi/demoCourseList', {}),
  /** answers the new course and `copied`, how many catalogue items came over as drafts */
  createCourseFromDemo: (body: DemoCourseBody) =>
    api<z.output<typeof demoCreatedAnswer>>('/CourseApi/createCourseFromDemo', body),
  endCourse: (courseid: number, canvisit: 0 | 1) =>
    api<z.output<typeof endCourseAnswer>>('/CourseApi/endCourse', { courseid, canvisit }),
  setCourseAllowQuit: (courseid: number, allowquit: 0 | 1) =>
    api<z.output<typeof allowQuitAnswer>>('/CourseApi/setCourseAllowQuit', { courseid, allowquit }),
  getCourseAllowQuit: (courseid: number) => api<z.output<typeof allowQuitAnswer>>('/CourseApi/getCourseAllowQuit', { courseid }),
  saveTemplate: (courseid: number, type: number) =>
    api<z.output<typeof templateAnswer>>('/Futurev2/CourseTemplate/saveTempleteType', { courseid, type }),
  /** by the 6-digit code, or by the portal id (the teacher's link, which never shows the code) */
  joinCourse: (key: JoinKey) => api<JoinResult>('/CourseApi/joinCourse', key),
  getEnrollForm: (key: JoinKey) => api<EnrollForm>('/CourseApi/getEnrollForm', key),
  submitEnroll: (key: JoinKey, answers: EnrollAnswer[]) => api<JoinResult>('/CourseApi/submitEnroll', { ...key, answers }),
  getEnrollSetting: (courseid: number) => api<EnrollSetting>('/CourseApi/getEnrollSetting', { courseid }),
  saveEnrollSetting: (body: {
    courseid: number;
    enrollstate: '0' | '1';
    auditstate: '0' | '1';
    maxcount: number;
    formLists: EnrollQuestion[];
  }) => api<EnrollSetting>('/CourseApi/saveEnrollSetting', body),
  enrollList: (courseid: number, state?: 0 | 1 | 2) => api<EnrollRequest[]>('/CourseApi/enrollList', { courseid, state }),
  enrollReview: (courseid: number, ids: number[], state: 1 | 2) =>
    api<z.output<typeof enrollReviewAnswer>>('/CourseApi/enrollReview', { courseid, ids, state }),
  getModules: (courseid: number) => api<CourseModule[]>('/CourseApi/getModules', { courseid }),
  saveModules: (courseid: number, modules: CourseModule[]) =>
    api<CourseModule[]>('/CourseApi/saveModules', { courseid, modules }),
  getCourseIntro: (courseid: number) => api<CourseIntro>('/CourseApi/getCourseIntro', { courseid }),
  saveCourseIntro: (courseid: number, describes: string) =>
    api<CourseIntro>('/CourseApi/saveCourseIntro', { courseid, describes }),
  getUserInfoInCourse: (courseid: number) => api<UserInCourse>('/UserApi/getUserInfoInCourse', { courseid }),
  /** the course home's red numbers for the caller (issue 12) */
  getNewCounts: (courseid: number) => api<z.output<typeof newCountsAnswer>>('/CourseApi/getNewCounts', { courseid }),
  /** the caller opened an area: its red number starts again from now */
  markSeen: (courseid: number, area: NewsArea) => api<z.output<typeof markSeenAnswer>>('/CourseApi/markSeen', { courseid, area }),
  getPortal: (coid: string) => api<CoursePortal>('/CourseShareNoAuthApi/getCouseInfo', { coid }),
  saveCourseProfile: (body: { classno: string; grade: number; enrolltime: string }) =>
    api<CourseProfile>('/UserApi/saveCourseProfile', body),
};

/** TanStack Query keys of the course area, so that every change refreshes what shows it. */
export const courseKeys = {
  all: ['courses'] as const,
  list: (tab: string, search: string) => ['courses', 'list', tab, search] as const,
  archived: (type: number) => ['courses', 'archived', type] as const,
  info: (id: number) => ['courses', 'info', id] as const,
  enrollSetting: (id: number) => ['courses', 'enrollSetting', id] as const,
  enrollList: (id: number, state: number | 'all') => ['courses', 'enrollList', id, state] as const,
  enrollForm: (key: JoinKey) => ['courses', 'enrollForm', key.code ?? '', key.coid ?? ''] as const,
  modules: (id: number) => ['courses', 'modules', id] as const,
  intro: (id: number) => ['courses', 'intro', id] as const,
  userInCourse: (id: number) => ['courses', 'userInCourse', id] as const,
  portal: (coid: string) => ['courses', 'portal', coid] as const,
  news: (id: number) => ['courses', 'news', id] as const,
  demos: ['courses', 'demos'] as const,
};

/** Queries retry a failed network once; a refusal from the server is an answer, not retried. */
export const retryNetworkOnly = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.code !== NETWORK_ERROR);

/** The query string that names a join: `code=…` or `coid=…`. */
export const joinKeyQuery = (key: JoinKey) =>
  key.coid ? `coid=${encodeURIComponent(key.coid)}` : `code=${encodeURIComponent(key.code ?? '')}`;

/** The join an address names (`?code=` or `?coid=`). */
export const joinKeyOf = (params: URLSearchParams): JoinKey => {
  const coid = (params.get('coid') ?? '').trim();
  return coid ? { coid } : { code: (params.get('code') ?? '').trim() };
};
