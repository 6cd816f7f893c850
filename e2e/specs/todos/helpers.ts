import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api } from '../../fixtures';

/*
 * To-do and message journeys seed course content through the API as a teacher would publish it:
 * an announcement (type 7) gives each student an unread-notice to-do and a message notice; a
 * material (type 2) with an end time still to come gives a to-do until the student learns it.
 */

/** An announcement published now in a course. */
export async function publishNotice(request: APIRequestContext, token: string, courseid: number, title: string) {
  return api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 7, title, content: `<p>${title}：请同学们按时查看。</p>`, publish: 1 },
    token,
  );
}

/** A small text file uploaded by this person, as the material form's picker would. */
export async function uploadFile(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/UploadApi/uploadV2', {
    headers: { token },
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(`${name}\n课程资料示例 ${Date.now()}\n`) } },
  });
  const json = await res.json();
  if (json.status !== 1) throw new Error(`upload refused: ${json.code} ${json.message}`);
  return json.data.file as { id: number };
}

/** A material with one file, published now, ending `endsIn` seconds from now. */
export async function publishMaterial(
  request: APIRequestContext,
  token: string,
  courseid: number,
  title: string,
  endsIn: number,
) {
  const file = await uploadFile(request, token, `${title}.txt`);
  return api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 2, title, fileids: [file.id], endtime: Math.floor(Date.now() / 1000) + endsIn, publish: 1 },
    token,
  );
}

export interface TodoRow {
  contentid: number;
  courseid: number;
  contenttitle: string;
}

/** Every open to-do of a person as the server has it now (all pages). */
export async function serverTodos(request: APIRequestContext, token: string, classid = 0): Promise<TodoRow[]> {
  const rows: TodoRow[] = [];
  for (let page = 1; page < 20; page += 1) {
    const data = await api<{ total: number; list: TodoRow[] }>(
      request,
      '/Futurev2/Todo/getTodoList',
      { classid, type: 0, page, limit: 10 },
      token,
    );
    rows.push(...data.list);
    if (rows.length >= data.total || data.list.length === 0) break;
  }
  return rows;
}

/** A person's message notices as the server has them now: how many unread, and the first page. */
export const serverNotices = (request: APIRequestContext, token: string) =>
  api<{ total: number; unread: number; list: { id: number; isread: number; contentid: number; title: string }[] }>(
    request,
    '/MessageApi/lists',
    { page: 1, limit: 10, unread: 0 },
    token,
  );

/** A to-do in a list by its content id. */
export const todoItem = (scope: Page | Locator, contentid: number): Locator =>
  scope.locator(`[data-testid="todo-item"][data-id="${contentid}"]`);

/** A message notice in the list by its id. */
export const noticeItem = (page: Page, id: number): Locator => page.locator(`[data-testid="notice-item"][data-id="${id}"]`);

/** A finger swiping an element from its right edge to the left (real touch events, as on a phone). */
/**
 * Swipes a row left until its action button is fully shown: a finger swipe can fall short when the
 * machine is busy (the gesture library reads it as a tap), so it is tried again, up to three times.
 */
export async function swipeOpen(page: Page, target: Locator, button: Locator) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await swipeLeft(page, target);
    const shown = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= window.innerWidth && r.width > 0;
    });
    if (shown) return;
    await page.waitForTimeout(500);
  }
}

export async function swipeLeft(page: Page, target: Locator, distance = 180) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(box.y + box.height / 2);
  const startX = Math.round(box.x + box.width - 30);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', startX);
  for (let step = 1; step <= 12; step += 1) {
    await touch('touchMove', startX - Math.round((distance * step) / 12));
    await page.waitForTimeout(16);
  }
  await touch('touchEnd', startX - distance);
  await cdp.detach();
}
