import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { api, phoneOptions } from '../../fixtures';
import { completeProfile, type Person, registerPerson } from '../courses/helpers';

/*
 * Member and group journeys seed through the API (accounts, courses, joins) as the course journeys
 * do, and drive the pages under test in the browser.
 */

export interface Student extends Person {
  token: string;
  uid: number;
  stno: string;
}

/** A new student account, with the course profile completed, who joins the course by its code. */
export async function joinedStudent(request: APIRequestContext, name: string, code: string): Promise<Student> {
  const person = await registerPerson(request, 0, name);
  await completeProfile(request, person.token);
  await api(request, '/CourseApi/joinCourse', { code }, person.token);
  const me = await api<{ id: number; stno: string }>(request, '/UserApi/getUserInfo', {}, person.token);
  return { ...person, uid: Number(me.id), stno: me.stno };
}

/** A row of a member list by the person's uid. */
export const row = (page: Page, testid: string, uid: number): Locator =>
  page.locator(`[data-testid="${testid}"][data-uid="${uid}"]`);

/** An element carrying `data-id`. */
export const byId = (page: Page, testid: string, id: number | string): Locator =>
  page.locator(`[data-testid="${testid}"][data-id="${id}"]`);

/**
 * A second phone: a browser context of its own (its own storage, so its own login) with the size
 * and settings of the project's pages and the test's client address.
 */
export async function secondPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext(phoneOptions());
  return context.newPage();
}

export interface GroupInfo {
  id: number;
  title: string;
  type: number;
  groups: { id: number; name: string; leader: number; members: { uid: number; username: string }[] }[];
  ungrouped: { uid: number; username: string }[];
  mygroup: number;
}

/** A grouping as the server has it now. */
export const groupingInfo = (request: APIRequestContext, token: string, courseid: number, id: number) =>
  api<GroupInfo>(request, '/CourseGroupActivityApi/info', { courseid, id }, token);

/** Member uids of a group, sorted. */
export const uidsOf = (info: GroupInfo, name: string) =>
  (info.groups.find((g) => g.name === name)?.members.map((m) => m.uid) ?? []).sort((a, b) => a - b);
