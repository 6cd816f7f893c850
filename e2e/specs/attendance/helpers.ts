import type { APIRequestContext, Browser, BrowserContextOptions, Page, WebSocketRoute } from '@playwright/test';
import { api, test } from '../../fixtures';
import { createCourse, registerPerson } from '../courses/helpers';
import { localIn, pickDateTime } from '../dateTime';
import { joinedStudent, type Student } from '../members/helpers';

/*
 * Attendance journeys: a teacher's page and students' pages side by side, each phone a browser
 * context of its own (its own login, its own position for GPS), seeded through the API.
 */

/** A phone of its own: the project's size and settings, plus `extra` (geolocation, permissions). */
export async function phone(browser: Browser, extra: BrowserContextOptions = {}): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport ?? { width: 375, height: 812 },
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
    ...extra,
  });
  return context.newPage();
}

/** A record row of the teacher's lists by the student's uid. */
export const record = (page: Page, uid: number) => page.locator(`[data-testid="att-record"][data-userid="${uid}"]`);

/** The id in the address's `id` parameter. */
export const idFromUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

/** The date-time field's value an hour or a week from now. */
export const localInput = localIn;

/** Fills the start form: method, name, duration, next time (a week ahead; the default, issue 25). */
export async function fillStart(page: Page, type: number, title: string, minutes: number) {
  await page.getByTestId(`att-type-${type}`).click();
  await page.getByTestId('att-title').fill(title);
  await choose(page, `att-duration-${minutes}`);
  await pickDateTime(page, 'att-nexttime', localInput(7 * 86400));
}

/** Chooses a Selector option unless it is the one chosen already (a second tap would clear it). */
export async function choose(page: Page, testid: string) {
  const item = page.locator('.adm-selector-item').filter({ has: page.getByTestId(testid) });
  if (!(await item.getAttribute('class'))?.includes('adm-selector-item-active')) await item.click();
}

/** A message of the classroom socket as a page sent or received it. */
export interface SocketMessage {
  cmd?: string;
  data?: Record<string, unknown> | null;
  seq?: number;
}
const parsed = (raw: string | Buffer): SocketMessage => {
  try {
    return JSON.parse(String(raw)) as SocketMessage;
  } catch {
    return {};
  }
};

/**
 * The page's classroom socket (or the one `path` matches: the chat's) through a switch that also records
 * what crosses it, one entry per connection: `down` closes the socket and refuses new ones, as a phone
 * losing its network would; `up` lets the next try through to the real server.
 */
export async function switchableSocket(page: Page, path: RegExp = /\/ws\/classroom$/) {
  let down = false;
  const open = new Set<{ ws: WebSocketRoute; server: WebSocketRoute }>();
  const connections: { sent: SocketMessage[]; received: SocketMessage[] }[] = [];
  await page.routeWebSocket(path, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'network down' });
      return;
    }
    const server = ws.connectToServer();
    const log = { sent: [] as SocketMessage[], received: [] as SocketMessage[] };
    connections.push(log);
    ws.onMessage((message) => {
      log.sent.push(parsed(message));
      server.send(message);
    });
    server.onMessage((message) => {
      log.received.push(parsed(message));
      ws.send(message);
    });
    open.add({ ws, server });
  });
  return {
    connections,
    down: async () => {
      down = true;
      // both ends: the page sees its socket close, the server its client go
      for (const { ws, server } of open) {
        await ws.close({ code: 4000, reason: 'network down' }).catch(() => undefined);
        await server.close({ code: 4000, reason: 'network down' }).catch(() => undefined);
      }
      open.clear();
    },
    up: () => {
      down = false;
    },
  };
}

/**
 * A new teacher with a new course and new students joined to it (one after another: registering asks
 * for picture and SMS codes, limited per address), everyone in `lang` when it is English.
 */
export async function classroom(
  request: APIRequestContext,
  who: { teacher: string; coursename: string; classname: string; students: string[]; lang?: 'en' },
) {
  const teacher = await registerPerson(request, 1, who.teacher);
  const course = await createCourse(request, teacher.token, { coursename: who.coursename, classname: who.classname });
  const students: Student[] = [];
  for (const name of who.students) students.push(await joinedStudent(request, name, course.code));
  if (who.lang)
    for (const person of [teacher, ...students]) await api(request, '/UserApi/setLanguage', { lang: who.lang }, person.token);
  return { teacher, course, students };
}
