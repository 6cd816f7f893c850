import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, register, seeded } from '../../fixtures';

/*
 * Institution journeys certify with an institution of their own (roster and timetable), loaded before
 * the server starts as the operator command would (apps/server/test/e2e-seed.ts), and register fresh
 * people whose school is that name, so that the demo school and its accounts stay as other journeys expect them.
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

/** The roster and timetable of a journey's institution (as apps/server/test/e2e-seed.ts loads it): a teacher, two students, two scheduled courses. */
export const ROSTER = {
  teacher: { realname: '陈老师', realstno: 'T9001' },
  /** listed in the second scheduled course only */
  student1: { realname: '孙同学', realstno: 'S9001' },
  /** listed in both */
  student2: { realname: '钱同学', realstno: 'S9002' },
  first: { coursename: '数据结构', classname: '计科 2401 班', term: 1 },
  second: { coursename: '操作系统', classname: '计科 2402 班', term: 2 },
};

/**
 * The institution seeded for one journey (it requires identity authentication): the teacher's
 * phone is on the roster, and everyone has a one-time activation code.
 */
export function journeyInstitution(slot: 'auth-teacher' | 'auth-student' | 'auth-pending') {
  const data = seeded();
  const school = data.institutions[slot];
  if (!school) throw new Error(`no seeded institution ${slot}`);
  return { ...school, semester: data.semester };
}

/** A new account registered through the API (picture code, SMS code from the outbox) at the given school. */
export async function registerAt(request: APIRequestContext, usertype: 0 | 1, name: string, school: string): Promise<Account> {
  return register(request, usertype, name, school);
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
