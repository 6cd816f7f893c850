import type { demoCourseListAnswer, JoinKey, listedCourseAnswer, NewsArea } from '@paiclass/shared';
import { coursesCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { ApiError, call, NETWORK_ERROR } from '../../lib/api';
import type { CourseItem, CourseModule, EnrollAnswer, EnrollQuestion } from './types';

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
  createCourse: (body: CourseBody) => call(coursesCalls.createCourse, body),
  editCourse: (id: number, body: CourseBody) => call(coursesCalls.editCourse, { id, ...body }),
  getCourseInfo: (courseid: number) => call(coursesCalls.getCourseInfo, { courseid }),
  semesterList: (body: { isstudy: 0 | 1; search: string }) => call(coursesCalls.semesterList, body),
  semesterCourseList: async (body: { isstudy: 0 | 1; search: string; type?: 'teach' | 'assist' }) =>
    (await call(coursesCalls.semesterCourseList, { ...body, semester: '', term: '' })).map(readCourseItem),
  sortCourse: (ids: number[]) => call(coursesCalls.sortCourse, { ids }),
  setTop: (courseid: number, isTop: 0 | 1) => call(coursesCalls.setTop, { courseid, isTop }),
  archiveCourse: (courseid: number) => call(coursesCalls.archiveCourse, { courseid }),
  restoreCourse: (courseid: number) => call(coursesCalls.restoreCourse, { courseid }),
  archivedCourseList: (type: 0 | 1 | 2 | 3) => call(coursesCalls.archivedCourseList, { type }),
  resetCode: (courseid: number) => call(coursesCalls.resetCode, { courseid }),
  stopCode: (courseid: number) => call(coursesCalls.stopCode, { courseid }),
  startCode: (courseid: number) => call(coursesCalls.startCode, { courseid }),
  deleteCourse: (courseid: number, confirmation: Confirmation) => call(coursesCalls.deleteCourse, { courseid, ...confirmation }),
  quitCourse: (courseid: number, confirmation: Confirmation) => call(coursesCalls.quitCourse, { courseid, ...confirmation }),
  transferCourse: (courseid: number, account: string, confirmation: Confirmation) =>
    call(coursesCalls.transferCourse, { courseid, account, ...confirmation }),
  copyCourse: (courseid: number, coursename: string) => call(coursesCalls.copyCourse, { courseid, coursename }),
  demoCourseList: () => call(coursesCalls.demoCourseList, {}),
  /** answers the new course and `copied`, how many catalogue items came over as drafts */
  createCourseFromDemo: (body: DemoCourseBody) => call(coursesCalls.createCourseFromDemo, body),
  endCourse: (courseid: number, canvisit: 0 | 1) => call(coursesCalls.endCourse, { courseid, canvisit }),
  setCourseAllowQuit: (courseid: number, allowquit: 0 | 1) => call(coursesCalls.setCourseAllowQuit, { courseid, allowquit }),
  getCourseAllowQuit: (courseid: number) => call(coursesCalls.getCourseAllowQuit, { courseid }),
  saveTemplate: (courseid: number, type: number) => call(coursesCalls.saveTempleteType, { courseid, type }),
  /** by the 6-digit code, or by the portal id (the teacher's link, which never shows the code) */
  joinCourse: (key: JoinKey) => call(coursesCalls.joinCourse, key),
  getEnrollForm: (key: JoinKey) => call(coursesCalls.getEnrollForm, key),
  submitEnroll: (key: JoinKey, answers: EnrollAnswer[]) => call(coursesCalls.submitEnroll, { ...key, answers }),
  getEnrollSetting: (courseid: number) => call(coursesCalls.getEnrollSetting, { courseid }),
  saveEnrollSetting: (body: {
    courseid: number;
    enrollstate: '0' | '1';
    auditstate: '0' | '1';
    maxcount: number;
    formLists: EnrollQuestion[];
  }) => call(coursesCalls.saveEnrollSetting, body),
  enrollList: (courseid: number, state?: 0 | 1 | 2) => call(coursesCalls.enrollList, { courseid, state }),
  enrollReview: (courseid: number, ids: number[], state: 1 | 2) => call(coursesCalls.enrollReview, { courseid, ids, state }),
  getModules: (courseid: number) => call(coursesCalls.getModules, { courseid }),
  saveModules: (courseid: number, modules: CourseModule[]) => call(coursesCalls.saveModules, { courseid, modules }),
  getCourseIntro: (courseid: number) => call(coursesCalls.getCourseIntro, { courseid }),
  saveCourseIntro: (courseid: number, describes: string) => call(coursesCalls.saveCourseIntro, { courseid, describes }),
  getUserInfoInCourse: (courseid: number) => call(coursesCalls.getUserInfoInCourse, { courseid }),
  /** the course home's red numbers for the caller (issue 12) */
  getNewCounts: (courseid: number) => call(coursesCalls.getNewCounts, { courseid }),
  /** the caller opened an area: its red number starts again from now */
  markSeen: (courseid: number, area: NewsArea) => call(coursesCalls.markSeen, { courseid, area }),
  getPortal: (coid: string) => call(coursesCalls.getCouseInfo, { coid }),
  saveCourseProfile: (body: { classno: string; grade: number; enrolltime: string }) => call(coursesCalls.saveCourseProfile, body),
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
