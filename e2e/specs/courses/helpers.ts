import { currentAcademicTerm } from '@paiclass/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Account, academicYear, api, expect, register } from '../../fixtures';

/*
 * Course journeys seed through the API (accounts, courses, joins) and drive only the journey
 * under test in the browser. Everyone is made for the test (e2e/fixtures.ts `asTeacher`, `asStudent`,
 * `newCourse`, or `registerPerson` here) and carries the token of their registration; a person without
 * one logs in through the API once (the server allows 10 logins a minute per account and address).
 */

export interface Person {
  mobile: string;
  password: string;
  name: string;
  token?: string;
}

const tokens = new Map<string, string>();

/** The session token of a person: theirs from registration, else a login through the API the first time. */
export async function tokenOf(request: APIRequestContext, who: Person): Promise<string> {
  if (who.token) return who.token;
  const cached = tokens.get(who.mobile);
  if (cached) return cached;
  const { token } = await api<{ token: string }>(request, '/UserApi/login', { email: who.mobile, password: who.password });
  tokens.set(who.mobile, token);
  return token;
}

/** Opens the app signed in as this person (the token stored, as after a real login). */
export async function signIn(page: Page, request: APIRequestContext, who: Person) {
  const token = await tokenOf(request, who);
  await page.goto('/NotFound');
  await page.evaluate((t) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', t);
  }, token);
  return token;
}

/**
 * A new account registered through the API (picture code, SMS code from the development outbox,
 * register type 1), as a person would through /register. usertype 1 teacher, 0 student.
 */
export async function registerPerson(request: APIRequestContext, usertype: 0 | 1, name: string): Promise<Account> {
  return register(request, usertype, name);
}

/** The current academic year ("2026-2027", academicYears()[2]), or the one `offset` years from it. */
export const thisAcademicYear = academicYear;

/** The current term by the same rule: 1 first (September to January), 2 second (February to August). */
export const thisTerm = () => currentAcademicTerm().term;

export interface Course {
  id: number;
  coursename: string;
  classname: string;
  code: string;
  semester: string;
  term: number;
}

/** A course created through the API by the teacher of this token. */
export async function createCourse(request: APIRequestContext, token: string, fields: Partial<Course> & { coursename: string }) {
  return api<Course>(
    request,
    '/CourseApi/createCourse',
    { classname: '计科 2301 班', semester: thisAcademicYear(), term: 1, teachtype: 2, ...fields },
    token,
  );
}

/** The ids of a person's course list: taught (teach), assisted (assist) or learned (study). */
export async function listIds(request: APIRequestContext, token: string, tab: 'teach' | 'assist' | 'study') {
  const body = tab === 'study' ? { isstudy: 1 } : { isstudy: 0, type: tab };
  // the list sends ids as strings, as Ketangpai does (issue 10)
  return (await api<{ id: string }[]>(request, '/CourseApi/semesterCourseList', body, token)).map((c) => Number(c.id));
}

/** The card of a course in a list, by its id. */
export const card = (page: Page, id: number): Locator => page.locator(`[data-testid="course-card"][data-course-id="${id}"]`);

/** Types a join code on the code boxes, as on the phone's numeric keypad. */
export async function typeJoinCode(page: Page, code: string) {
  await page.getByTestId('join-code').click();
  await page.keyboard.type(code);
}

/** The refusal code of a call, or 0 when it succeeds. */
export async function refusal(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown>,
  token: string,
): Promise<number> {
  const res = await request.post(path, { data: body, headers: { token } });
  const json = await res.json();
  return json.status === 1 ? 0 : Number(json.code);
}

export { expect };

/** The address ends with this path and query, matched literally. */
export const endsWith = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A student's course profile (class number, grade, enrolment month), completed through the API. */
export async function completeProfile(request: APIRequestContext, token: string) {
  await api(request, '/UserApi/saveCourseProfile', { classno: '2301', grade: 2, enrolltime: '2025-09' }, token);
}

/**
 * Waits for the course home at rest before a press on one of its rows: the areas' menu loaded and, in class,
 * the class bar, the classroom tools and speaking drawn above the rows with what they load. Each arrives on a
 * query of its own and pushes every row below it down; a press aimed before then can land on another row (the
 * stars journey's student, once, on a loaded machine), as a finger would.
 */
export async function courseHomeAtRest(page: Page, { inClass }: { inClass: boolean }) {
  await expect(page.getByTestId('course-home-menu')).toHaveAttribute('aria-busy', 'false');
  if (inClass) {
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on');
    await expect(page.getByTestId('classroom-tools')).toBeVisible();
    await expect(page.getByTestId('speak-tools')).toBeVisible();
  }
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/**
 * The course list's tabs (components/LightTabs.tsx) draw their line under the active tab: placed after the first
 * layout, moved when another is chosen. Waits for it to settle there (it slides in 0.3 s).
 */
export async function expectTabLineUnder(page: Page, tab: Locator) {
  const line = page.locator('.adm-tabs-tab-line');
  const under = async () => {
    const [a, b] = await Promise.all([line.boundingBox(), tab.locator('xpath=ancestor-or-self::*[@role="tab"]').boundingBox()]);
    return a && b && b.width > 0 ? Math.abs(a.x - b.x) < 1 && Math.abs(a.width - b.width) < 1 : false;
  };
  await expect.poll(under, { message: 'the tab line under the active tab' }).toBe(true);
}
