import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentAcademicTerm } from '@paiclass/shared';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';

/**
 * Journeys seed and sign in through the API, then drive only the journey under test.
 * Codes come from the development outbox (`/DevApi/lastCode`), as a person would read their phone.
 */
export const DEMO = {
  teacher: { mobile: '13800000001', password: 'Teach@2026', name: '王老师' },
  student1: { mobile: '13800000002', password: 'Study@2026', name: '李同学' },
  student2: { mobile: '13800000003', password: 'Study@2026', name: '张同学' },
  weak: { mobile: '13800000004', password: '123456', name: '赵同学' },
};

/**
 * How long a journey waits for an uploaded document to become pages or slides. The server converts one
 * file at a time (the office lane, decision 012) for every journey at once, and about twenty journeys
 * upload documents: beside the integration stages a conversion waited minutes behind others (CI, stop 33).
 */
export const CONVERTED_WITHIN = 240_000;

/** Gives the running journey the conversion's wait on top of its own time; call it before waiting. */
export function allowConversion() {
  base.info().setTimeout(base.info().timeout + CONVERTED_WITHIN);
}

export async function api<T = any>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post(path, { data: body, headers: token ? { token } : {} });
  const json = await res.json();
  if (json.status !== 1) throw new Error(`${path} refused: ${json.code} ${json.message}`);
  return json.data as T;
}

/**
 * What a press that starts a download saves: the file's suggested name and its bytes. Chromium
 * reported one 12 MB download as "canceled" once in CI and never since; the answer's status and
 * Chromium's reason are kept as the test's annotation, and the press is made once more, as a
 * person would. A download that never works still fails.
 */
export async function downloadBy(page: Page, press: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  for (let attempt = 1; ; attempt++) {
    const answers: string[] = [];
    const seen = (res: import('@playwright/test').Response) => {
      if (res.request().resourceType() === 'document' || /download|export|template/i.test(res.url()))
        answers.push(`${res.status()} ${new URL(res.url()).pathname}`);
    };
    page.on('response', seen);
    const downloading = page.waitForEvent('download');
    await press();
    const download = await downloading;
    const saved = await download.path().catch(() => null);
    page.off('response', seen);
    if (saved) return { name: download.suggestedFilename(), bytes: fs.readFileSync(saved) };
    const reason = `download ${attempt} failed: ${await download.failure()}; answers: ${answers.join(', ') || 'none seen'}`;
    test.info().annotations.push({ type: 'download-failed', description: reason });
    if (attempt === 2) throw new Error(reason);
  }
}

/** An institution the run's operator data holds (apps/server/test/e2e-seed.ts), with its activation codes by number. */
export interface SeededInstitution {
  jigouid: number;
  jigou: string;
  /** the phone the roster lists for its teacher, where certification codes go */
  teacherMobile?: string;
  codes: Record<string, string>;
}

/** The operator data seeded into this run's data folder before the server started (nothing that writes is on HTTP). */
export function seeded(): {
  semester: string;
  institutions: Record<string, SeededInstitution>;
  demoCourse: { id: number; coursename: string; author: { mobile: string; password: string; name: string } };
  /** accounts made before the server started, for journeys that need a contact no code has gone to */
  accounts: { smsLogin: { mobile: string; name: string } };
  /** the operator journey's people (decision 039), per language */
  operator: Record<
    'zh' | 'en',
    {
      invoiceTeacher: { mobile: string; password: string; name: string };
      issued: { orderno: string; number: string };
      refused: { orderno: string; reason: string };
      vipTeacher: { mobile: string; password: string; name: string };
      jigou: string;
      /** the vipTeacher's year of VIP, refunded half-way through (pro rata, decision 044): cents given back */
      refunded: { orderno: string; amount: number };
      /** the vipTeacher's month of VIP ordered 31 minutes ago and never paid, closed by its close job */
      closed: { orderno: string };
    }
  >;
  /** the admin-page journey's people (decision 053), per language: two invoice requests waiting, a certified teacher, the operator */
  admin: Record<
    'zh' | 'en',
    {
      operator: { mobile: string; password: string; name: string };
      invoiceTeacher: { mobile: string; password: string; name: string };
      toIssue: { id: number; orderno: string };
      toRefuse: { id: number; orderno: string };
      title: string;
      vipTeacher: { mobile: string; password: string; name: string };
      jigouid: number;
      jigou: string;
    }
  >;
} {
  const dir = process.env.PAICLASS_E2E_DATA_DIR;
  if (!dir) throw new Error('PAICLASS_E2E_DATA_DIR is not set: run the journeys with e2e/playwright.config.ts');
  return JSON.parse(fs.readFileSync(path.join(dir, 'e2e-seed.json'), 'utf8'));
}

/** The newest code for a phone, an email or a picture code's sessionid. */
export async function lastCode(request: APIRequestContext, target: string): Promise<string> {
  return (await api<{ code: string }>(request, '/DevApi/lastCode', { target })).code;
}

/** The answer to the picture code the page currently shows (its <img> src carries the sessionid). */
export async function pictureAnswer(page: Page, request: APIRequestContext, imgTestId = 'figure-code-img'): Promise<string> {
  const img = page.getByTestId(imgTestId);
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /sessionid=/);
  const src = (await img.getAttribute('src'))!;
  const sessionid = new URL(src, 'http://x').searchParams.get('sessionid')!;
  return lastCode(request, sessionid);
}

let counter = 0;
/**
 * A phone number no other journey of this run uses, in any worker: 137, the worker's digit, the second
 * of the day (5 digits: it repeats after about 28 hours) and a count of this worker's numbers.
 */
export const freshPhone = () => {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 10;
  const second = Math.floor(Date.now() / 1000) % 100_000;
  return `137${worker}${String(second).padStart(5, '0')}${String(counter++ % 100).padStart(2, '0')}`;
};

/** Logs in through the API and opens the app with the token stored, as after a real login. */
export async function loginAs(page: Page, request: APIRequestContext, account: string, password: string) {
  const data = await api<{ token: string }>(request, '/UserApi/login', { email: account, password });
  await page.goto('/NotFound');
  await page.evaluate((token) => localStorage.setItem('token', token), data.token);
  return data.token;
}

/**
 * The toast that says `text`. A toast shown a moment earlier may still be fading out beside it, so the
 * toast is found by its words, never as "the" toast.
 */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.adm-toast-main').filter({ hasText: text });
}

/**
 * Resolves once a toast saying `text` has been shown, however briefly. Started before the press that shows
 * it: a toast is on the screen for 2 s, and on a loaded machine two of Playwright's looks for it can fall
 * either side of that (the browser live's "sent" toast, with four lives transcoding at a load of 21). A
 * toast that never shows still fails, at `timeout`.
 */
export function toastShown(page: Page, text: string, timeout = 20_000): Promise<void> {
  return page.evaluate(
    ({ text, timeout }) =>
      new Promise<void>((resolve, reject) => {
        const shown = () => [...document.querySelectorAll('.adm-toast-main')].some((el) => el.textContent?.includes(text));
        if (shown()) return resolve();
        const watch = new MutationObserver(() => {
          if (!shown()) return;
          watch.disconnect();
          clearTimeout(timer);
          resolve();
        });
        const timer = setTimeout(() => {
          watch.disconnect();
          reject(new Error(`no toast "${text}" within ${timeout} ms`));
        }, timeout);
        watch.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    { text, timeout },
  );
}

/**
 * Saves a phone-size screenshot of the current screen under e2e/screenshots/, and checks the screen with
 * axe-core first (issue 25: every screen a journey visits). An accessibility fault is a soft failure: the
 * journey goes on and fails at its end with every screen's faults listed.
 */
export async function snap(page: Page, name: string, { hideToasts = false }: { hideToasts?: boolean } = {}) {
  // The journey has already waited for what it shows; the shot waits only until that is drawn: the fonts
  // loaded, every picture on the page loaded (or failed) and two frames painted. (A wait for the network
  // to be idle cost at least half a second a shot, some 650 of them a run, and more on pages that keep
  // reading, such as a PDF viewer reading by ranges.)
  await page
    .waitForFunction(
      async () => {
        await document.fonts.ready;
        if (![...document.images].every((img) => img.complete)) return false;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return true;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // toasts are left out: one may be fading away as the check runs (white words on a paling mask read 1.1:1
  // in a rehearsal); at rest antd-mobile draws them white on 70 % black
  await checkA11y(page, name, { soft: true, exclude: ['.adm-toast-mask'] });
  await page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)),
    fullPage: false,
    ...(hideToasts && { style: '.adm-toast-mask { visibility: hidden !important; }' }),
  });
}

/** axe-core's own script, put into a page once per document (`checkA11y`, and bench/browser-costs.ts). */
export const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Checks the screen as it is now with axe-core (WCAG 2.0/2.1 A and AA rules): no serious or critical
 * violation (issue 25). Every shot runs it (`snap`); call it where the journey has waited for what it
 * shows on a screen it does not shoot. A failure lists each rule with the first few elements it names
 * (with the colours of a contrast finding), so the fix can be found from the log.
 *
 * axe runs in the page directly rather than through AxeBuilder, which put its 0.5 MB script into the page
 * before every check and collected every rule's passes too: 0.7 CPU-seconds a screen, about seven minutes
 * of a run's 700 screens. The pages draw no frames of their own, so the top document is the whole screen.
 */
export async function checkA11y(
  page: Page,
  screen: string,
  { soft = false, exclude = [] }: { soft?: boolean; exclude?: string[] } = {},
) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const grave = await page.evaluate(
    async ({ tags, exclude }) => {
      type Node = {
        target: string[];
        html: string;
        any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
      };
      type Violation = { id: string; impact: string; help: string; nodes: Node[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> } })
        .axe;
      const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
      // the screen at rest while axe reads it: a fade running now ends at once, and one that starts during the
      // check (the projector's controls hiding when the mouse has been idle) jumps to its end instead of being
      // read half-way (a loaded rehearsal read the fading controls at 2.53:1 and 1.38:1)
      const still = document.createElement('style');
      still.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(still);
      for (const a of document.getAnimations()) if (a instanceof CSSTransition) a.finish();
      let violations: Violation[];
      try {
        ({ violations } = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }));
      } finally {
        still.remove();
      }
      const colours = (d: Node['any'][number]['data']) =>
        d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio})` : '';
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 90)}${colours(n.any[0]?.data)}`)
              .join(' | ')}`,
        );
    },
    { tags: AXE_TAGS, exclude },
  );
  (soft ? expect.soft : expect)(grave, `accessibility of ${screen}`).toEqual([]);
}

// ---------- fresh people and courses, made through the API ----------

/** A person registered for one test: nobody else signs in as them. */
export interface Account {
  mobile: string;
  password: string;
  name: string;
  token: string;
  uid: number;
  /** 1 teacher, 0 student */
  usertype: 0 | 1;
  stno: string;
}

export interface PersonOptions {
  /** shown name (default 王老师 for a teacher, 李同学 for a student) */
  name?: string;
  /** the school typed at registration (default the demo school's name) */
  school?: string;
  /** the account's language (default Chinese, as a new account is) */
  lang?: 'zh' | 'en';
  /** a student's course profile (class number, grade, enrolment month) completed, as courses ask (default true) */
  profile?: boolean;
  /** the page signed in as this person: the test's own page by default, `null` for none */
  page?: Page | null;
}

export const PASSWORD = 'Paiclass#2026';
let people = 0;

/**
 * A new account registered through the API as a person would through /register: a picture code,
 * an SMS code read from the development outbox, register type 1. usertype 1 teacher, 0 student.
 */
export async function register(
  request: APIRequestContext,
  usertype: 0 | 1,
  name: string,
  school = 'PaiClass 示范学校',
): Promise<Account> {
  const mobile = freshPhone();
  const figure = await api<{ sessionid: string }>(request, '/UserApi/getFigureCode');
  const verify = await lastCode(request, figure.sessionid);
  await api(request, '/UserApi/sendCode', { mobile, type: 'register', verify, sessionid: figure.sessionid });
  const code = await lastCode(request, mobile);
  people += 1;
  // a number of this worker and moment: students' numbers are shown in lists and exports
  const stno =
    usertype === 0 ? `2026${process.env.TEST_WORKER_INDEX ?? 0}${String(Date.now()).slice(-4)}${people}`.slice(0, 20) : '';
  const { token, uid } = await api<{ token: string; uid: number }>(request, '/UserApi/register', {
    type: 1,
    email: mobile,
    password: PASSWORD,
    repassword: PASSWORD,
    username: name,
    school,
    stno,
    usertype,
    code,
  });
  return { mobile, password: PASSWORD, name, token, uid: Number(uid), usertype, stno };
}

/**
 * Opens the app signed in as this token from the next page load on, as after a real login: stored
 * before the app's first script runs (no extra page load), once per sign-in, so the app may still log
 * out or log in someone else itself. The storage of whoever was signed in before is cleared. Which
 * sign-ins were applied is kept in the tab's `window.name` (logging out clears the storages, not it).
 */
export async function signInPage(page: Page, token: string) {
  const mark = Math.random().toString(36).slice(2, 10);
  await page.addInitScript(
    ([t, m]) => {
      if (window !== window.top || window.location.origin === 'null') return;
      const prefix = 'e2e-signed-in:';
      const applied = window.name.startsWith(prefix) ? window.name.slice(prefix.length).split(',') : [];
      if (applied.includes(m)) return;
      window.name = prefix + [...applied, m].join(',');
      window.localStorage.clear();
      window.sessionStorage.clear();
      window.localStorage.setItem('token', t);
    },
    [token, mark] as const,
  );
}

/** The current academic year ("2026-2027"), or the one `offset` years from it. */
export function academicYear(offset = 0) {
  const year = Number(currentAcademicTerm().semester.slice(0, 4)) + offset;
  return `${year}-${year + 1}`;
}

export interface NewCourse {
  id: number;
  coursename: string;
  classname: string;
  code: string;
  semester: string;
  term: number;
  teacher: Account;
  students: Account[];
}

export interface CourseOptions {
  /** the owner (default: a fresh teacher, signed in nowhere) */
  teacher?: Account;
  /** fresh students who join by the code: their names, or how many (同学1, 同学2, …) */
  students?: string[] | number;
  /** any field of `/CourseApi/createCourse` (coursename, classname, semester, term, teachtype, …) */
  fields?: Record<string, unknown>;
}

/** Everything a test's own fixtures share: its request context and its page. */
interface Made {
  request: APIRequestContext;
  page: Page;
}

async function makePerson(made: Made, usertype: 0 | 1, options: PersonOptions = {}) {
  const name = options.name ?? (usertype === 1 ? '王老师' : '李同学');
  const account = await register(made.request, usertype, name, options.school);
  if (options.lang === 'en') await api(made.request, '/UserApi/setLanguage', { lang: 'en' }, account.token);
  if (usertype === 0 && options.profile !== false)
    await api(made.request, '/UserApi/saveCourseProfile', { classno: '2301', grade: 2, enrolltime: '2025-09' }, account.token);
  const page = options.page === undefined ? made.page : options.page;
  if (page) await signInPage(page, account.token);
  return account;
}

async function makeCourse(made: Made, options: CourseOptions = {}): Promise<NewCourse> {
  const teacher = options.teacher ?? (await makePerson(made, 1, { page: null }));
  const course = await api<Omit<NewCourse, 'teacher' | 'students'>>(
    made.request,
    '/CourseApi/createCourse',
    {
      coursename: `课程 ${Date.now() % 100000}`,
      classname: '计科 2301 班',
      semester: academicYear(),
      term: currentAcademicTerm().term,
      teachtype: 2,
      ...options.fields,
    },
    teacher.token,
  );
  const names =
    typeof options.students === 'number'
      ? Array.from({ length: options.students }, (_, i) => `同学${i + 1}`)
      : (options.students ?? []);
  const students: Account[] = [];
  for (const name of names) {
    const student = await makePerson(made, 0, { name, page: null });
    await api(made.request, '/CourseApi/joinCourse', { code: course.code }, student.token);
    students.push(student);
  }
  return { ...course, id: Number(course.id), teacher, students };
}

let addresses = 0;
/** the running test's address (a worker runs one test at a time) */
let current = '';
/**
 * A client address of this test's own (TEST-NET-free 10/8, by worker and count): the journey server
 * trusts X-Forwarded-For from this machine (TRUST_PROXY, as behind a proxy), so per-address rate limits
 * and daily code caps count each test as a person on their own network, as parallel tests are.
 */
function nextAddress(info: TestInfo) {
  const n = addresses++;
  return `10.${(info.workerIndex % 250) + 1}.${(n >> 8) & 255}.${n & 255}`;
}

/** Runs the background jobs due now, or of a course or item due within `ahead` seconds, now (`/DevApi/runDueJobs`). */
export async function runDueJobs(
  request: APIRequestContext,
  scope: { courseid?: number; contentid?: number; kind?: string; ahead?: number } = {},
) {
  return api<{ ran: number; list: { id: number; kind: string; key: string; runtime: number; done: number; error: string }[] }>(
    request,
    '/DevApi/runDueJobs',
    scope,
  );
}

/**
 * Passes an item's time now (a homework's deadline, a publish time, an end): its jobs due within a
 * year run, and the times they stand for become now; answers when they have run.
 */
export const passTime = (request: APIRequestContext, contentid: number) =>
  runDueJobs(request, { contentid, ahead: 366 * 86400 - 1 });

/**
 * Every journey also checks the content security policy: a violation the browser reports (a blocked
 * script, style, image, frame or connection) fails the test that caused it.
 *
 * `asTeacher` and `asStudent` register a fresh person through the API and sign the test's page in as
 * them (or the page given, or none); `newCourse` makes a course of a fresh (or given) teacher with
 * fresh students joined. Nobody else uses them, so tests run in parallel on one server.
 * `clientAddress` is the test's own address (every page and request of the test sends it);
 * `newPhone` opens another phone of the same test (its own context, login and storage).
 */
export const test = base.extend<{
  cspGuard: undefined;
  clientAddress: string;
  asTeacher: (options?: PersonOptions) => Promise<Account>;
  asStudent: (options?: PersonOptions) => Promise<Account>;
  newCourse: (options?: CourseOptions) => Promise<NewCourse>;
  newPhone: (extra?: BrowserContextOptions) => Promise<Page>;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern (none here)
  clientAddress: async ({}, use, info) => {
    current = nextAddress(info);
    await use(current);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress });
  },
  asTeacher: async ({ request, page }, use) => {
    await use((options) => makePerson({ request, page }, 1, options));
  },
  asStudent: async ({ request, page }, use) => {
    await use((options) => makePerson({ request, page }, 0, options));
  },
  newCourse: async ({ request, page }, use) => {
    await use((options) => makeCourse({ request, page }, options));
  },
  newPhone: async ({ browser, clientAddress }, use) => {
    const opened: Awaited<ReturnType<Browser['newContext']>>[] = [];
    await use(async (extra = {}) => {
      const context = await browser.newContext(phoneOptions(extra, clientAddress));
      opened.push(context);
      return context.newPage();
    });
    for (const context of opened) await context.close();
  },
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The options of another phone of the running test (a browser context of its own): the project's size
 * and settings, the test's client address, plus `extra` (geolocation, permissions).
 */
export function phoneOptions(extra: BrowserContextOptions = {}, address = current): BrowserContextOptions {
  const use = test.info().project.use;
  return {
    baseURL: use.baseURL,
    viewport: use.viewport ?? { width: 375, height: 812 },
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
    ...(address && { extraHTTPHeaders: { 'x-forwarded-for': address } }),
    ...extra,
  };
}
export { expect };
