import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, freshPhone, lastCode } from '../../fixtures';
import { thisAcademicYear } from '../courses/helpers';

/*
 * Institution journeys import their own institution (roster and timetable) through the development
 * endpoint, with a name no other run uses, and register fresh people whose school is that name, so
 * that the demo school and its accounts stay as other journeys expect them.
 */

export interface Account {
  mobile: string;
  password: string;
  name: string;
  token: string;
  uid: number;
}

export interface ScheduledCourse {
  id: number;
  classid: number;
  teachClass: string;
  coursename: string;
  classname: string;
  semester: string;
  term: number;
  jigouid: number;
  jigou: string;
}

/** The roster and timetable of a journey's institution: a teacher, two students, two scheduled courses. */
export const ROSTER = {
  teacher: { realname: '陈老师', realstno: 'T9001' },
  /** listed in the second scheduled course only */
  student1: { realname: '孙同学', realstno: 'S9001' },
  /** listed in both */
  student2: { realname: '钱同学', realstno: 'S9002' },
  first: { coursename: '数据结构', classname: '计科 2401 班', term: 1 },
  second: { coursename: '操作系统', classname: '计科 2402 班', term: 2 },
};

let runs = 0;
/** Imports an institution that requires identity authentication; its name is unique to this run. */
export async function importInstitution(request: APIRequestContext) {
  runs += 1;
  const name = `机构认证测试学院 ${String(Date.now()).slice(-6)}${runs}`;
  // the academic year the course form offers for this year, as academicYears()[2]
  const semester = thisAcademicYear();
  const tag = `${Date.now()}-${runs}`;
  const imported = await api<{ jigouid: number; jigou: string }>(request, '/DevApi/importInstitution', {
    name,
    requireAttest: true,
    people: [
      { usertype: 1, ...ROSTER.teacher },
      { usertype: 0, ...ROSTER.student1 },
      { usertype: 0, ...ROSTER.student2 },
    ],
    classes: [
      {
        teachClass: `DS-${tag}`,
        ...ROSTER.first,
        semester,
        teacherStno: ROSTER.teacher.realstno,
        students: [ROSTER.student2.realstno],
      },
      {
        teachClass: `OS-${tag}`,
        ...ROSTER.second,
        semester,
        teacherStno: ROSTER.teacher.realstno,
        students: [ROSTER.student1.realstno, ROSTER.student2.realstno],
      },
    ],
  });
  return { ...imported, semester };
}

/** A new account registered through the API (picture code, SMS code from the outbox) at the given school. */
export async function registerAt(request: APIRequestContext, usertype: 0 | 1, name: string, school: string): Promise<Account> {
  const mobile = freshPhone();
  const password = 'Paiclass#2026';
  const figure = await api<{ sessionid: string }>(request, '/UserApi/getFigureCode');
  const verify = await lastCode(request, figure.sessionid);
  await api(request, '/UserApi/sendCode', { mobile, type: 'register', verify, sessionid: figure.sessionid });
  const code = await lastCode(request, mobile);
  const { token } = await api<{ token: string }>(request, '/UserApi/register', {
    type: 1,
    email: mobile,
    password,
    repassword: password,
    username: name,
    school,
    stno: usertype === 0 ? `R${String(Date.now()).slice(-7)}` : '',
    usertype,
    code,
  });
  const me = await api<{ id: number }>(request, '/UserApi/getUserInfo', {}, token);
  return { mobile, password, name, token, uid: Number(me.id) };
}

/** Opens the app signed in with this token (stored as after a real login; storage of the last person cleared). */
export async function openAs(page: Page, who: Account) {
  await page.goto('/NotFound');
  await page.evaluate((t) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', t);
  }, who.token);
}

/** The caller's scheduled courses of an institution. */
export async function scheduled(request: APIRequestContext, token: string, jigouid: number) {
  return (await api<{ list: ScheduledCourse[] }>(request, '/CourseApi/teachClass', { jigouid }, token)).list;
}

/** An element carrying `data-id`. */
export const byId = (page: Page | Locator, testid: string, id: number | string): Locator =>
  page.locator(`[data-testid="${testid}"][data-id="${id}"]`);

/** The day-dismissal cookie of the identity-authentication prompt, if set. */
export async function laterCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'attestLater');
}

/** The last second of today in the browser's time zone, as epoch seconds. */
export function endOfTodayIn(page: Page) {
  return page.evaluate(() => {
    const end = new Date();
    end.setHours(23, 59, 59, 0);
    return end.getTime() / 1000;
  });
}
