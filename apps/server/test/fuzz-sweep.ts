import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../src/platform/envelope';
import { contractRoutes, HOSTILE, inputSchema, leakIn, plausibleBody, SWEEP, TableDigest, WriteWatch } from './fuzz-support';
import { call, newAddress, STRONG, sweepsElsewhere, type TestDatabase, testApp, testDatabase } from './helpers';
import { type CourseIds, type People, populateCourse, registerPeople } from './world';

/**
 * Issue 11, "the harness that keeps them shut": every API call, as every kind of caller, gets
 * generated and hostile input. No answer may be a 5xx or show a stack or SQL, and a refused call
 * writes nothing (a digest of every table, taken whenever the database's own write counter moved).
 *
 * Replay a run with FUZZ_SEED=<the printed seed>; FUZZ_RUNS sets the cases per call and role (8),
 * FUZZ_ROUTE a pattern of the paths to fuzz.
 *
 * The calls are dealt into FUZZ_PARTS test files (fuzz.test.ts, fuzz-part2.test.ts, fuzz-part3.test.ts),
 * each on a database and a world of its own, so that the test workers share the sweep: as one file it
 * was the PostgreSQL stage's longest by far (358 s of a 575 s stage on a loaded machine), run after
 * everything else had finished. A call's cases depend on the seed, the call and the role only, so a
 * replay finds the same cases whichever part the call is in.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const ONLY = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE, 'i') : undefined;

/**
 * Tables a refusal is meant to write: tries of a wrong code, a spent picture code, the development outbox,
 * and every payment notification received, refused ones included (issue 28: recorded for the operator).
 */
const WRITTEN_ON_REFUSAL = ['verification_codes', 'figure_codes', 'payment_notifications'];

type FuzzRole = 'anonymous' | 'stranger' | 'student' | 'owner';

const hostile = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

type Encoding = 'json' | 'form' | 'text' | 'broken-json';

interface Case {
  encoding: Encoding;
  /** fields replaced by hostile values */
  patch: [string, unknown][];
  /** fields left out */
  drop: string[];
  /** an unknown field */
  extra?: [string, unknown];
  /** a whole body that is not an object */
  whole?: unknown;
}

function caseOf(fields: string[]): fc.Arbitrary<Case> {
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('x');
  return fc.record({
    encoding: fc.constantFrom<Encoding>('json', 'json', 'json', 'form', 'text', 'broken-json'),
    // mostly one field, so the rest of the body carries the value past validation into the work
    patch: fc.oneof(
      { weight: 3, arbitrary: fc.tuple(field, hostile).map((p) => [p]) },
      { weight: 1, arbitrary: fc.array(fc.tuple(field, hostile), { minLength: 2, maxLength: 3 }) },
    ),
    drop: fc.array(field, { maxLength: 2 }),
    extra: fc.option(fc.tuple(fc.constantFrom('reqtimestamp', '__proto__', 'constructor', 'x\u0000', 'courseid '), hostile), {
      nil: undefined,
    }),
    whole: fc.option(fc.oneof(fc.constantFrom<unknown>('[]', 'null', '"x"', 42, [1, 2]), fc.jsonValue({ maxDepth: 2 })), {
      freq: 12,
      nil: undefined,
    }),
  });
}

function caseSeed(url: string, role: string) {
  let h = SEED;
  for (const ch of `${role} ${url}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** A form-encoded rendering of a body: nested values as JSON text, as a careless client sends them. */
function formOf(body: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
    else params.append(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

/** A multipart body as a browser sends it, optionally cut short. */
function multipartOf(fields: [string, unknown][], file: { name: string; size: number } | undefined, cut?: number) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of fields)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'object' ? JSON.stringify(v) : String(v)}\r\n`,
      ),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.alloc(file.size, 0x61), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  if (cut !== undefined) payload = payload.subarray(0, Math.floor(payload.length * cut));
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const multipartCase = fc.record({
  fields: fc.array(
    fc.tuple(fc.constantFrom('fileMd5', 'filename', 'size', 'chunks', 'chunk', 'id', 'lastModifiedDate', 'type', 'x'), hostile),
    { maxLength: 5 },
  ),
  file: fc.option(
    fc.record({
      name: fc.oneof(
        fc.constantFrom('a.txt', 'a'.repeat(300), `${'文'.repeat(200)}.pdf`, 'a\u0000b.txt', '../../etc/passwd', '', '😀.png'),
        fc.string({ maxLength: 20 }),
      ),
      size: fc.constantFrom(0, 1, 100),
    }),
    { freq: 4, nil: undefined },
  ),
  cut: fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { freq: 2, nil: undefined }),
});

let db: TestDatabase;
let app: FastifyInstance;
let people: People;
let ids: CourseIds;
let digest: TableDigest;
let watch: WriteWatch;
let totals = { requests: 0, fivexx: 0, leaks: 0, writtenOnRefusal: 0 };
/** the fault behind the last 5xx, to name it in the finding */
let lastFault: Error | undefined;

const tokenOf = (role: FuzzRole) => (role === 'anonymous' ? undefined : people[role].token);

/** Sends one request and checks its answer; answers the findings. */
async function send(
  route: ApiRoute,
  role: FuzzRole,
  request: { payload?: string | Buffer; contentType?: string; query?: string },
) {
  const token = tokenOf(role);
  lastFault = undefined;
  const { result: res, changed } = await watch.written(() =>
    app.inject({
      method: route.method as 'GET' | 'POST',
      url: route.url + (request.query ? `?${request.query}` : ''),
      headers: { ...(token ? { token } : {}), ...(request.contentType ? { 'content-type': request.contentType } : {}) },
      payload: request.payload,
      remoteAddress: newAddress(),
    }),
  );
  totals.requests++;
  const findings: string[] = [];
  const what = `${route.method} ${route.url} as ${role} with ${String(request.payload ?? request.query ?? '').slice(0, 300)}`;
  if (res.statusCode >= 500) {
    totals.fivexx++;
    findings.push(`${res.statusCode} (${(lastFault as Error | undefined)?.message.slice(0, 200)}) from ${what}`);
  }
  let answer: { status?: number; message?: unknown } = {};
  if (String(res.headers['content-type'] ?? '').includes('json')) answer = res.json();
  const leak = leakIn(answer, res.body);
  if (leak) {
    totals.leaks++;
    findings.push(`leak "${leak.slice(0, 200)}" from ${what}`);
  }
  const refused = answer.status === 0 || res.statusCode >= 400;
  if (refused && changed.length) {
    totals.writtenOnRefusal++;
    findings.push(`refused (${res.statusCode} ${JSON.stringify(answer).slice(0, 200)}) but wrote ${changed.join(', ')}: ${what}`);
  }
  return { findings, status: answer.status };
}

/** Logs a role in again when a call (logout, a password change) ended its session. */
async function keepSession(role: FuzzRole) {
  if (role === 'anonymous') return;
  const me = await call(app, '/UserApi/getUserInfo', {}, { token: people[role].token });
  if (me.status === 1) return;
  const login = await call(app, '/UserApi/login', { email: people[role].mobile, password: STRONG });
  if (login.status !== 1) throw new Error(`cannot log ${role} in again: ${login.code} ${login.message}`);
  people[role].token = login.data.token;
}

/** Calls that end what later calls need (the course, a membership, the session) go last. */
const ENDS_SOMETHING = /delete|del[A-Z]|remove|kick|quit|endCourse|transfer|logout|stopCode|archive|overClass|unbind/;

/** The test files the calls are dealt into (see the top of this file). */
export const FUZZ_PARTS = 3;

/** Part `part` (1 to FUZZ_PARTS) of the calls: every FUZZ_PARTS-th in the order of their paths. */
function routesToFuzz(all: ApiRoute[], part: number) {
  const routes = [...all]
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    .filter((_, i) => i % FUZZ_PARTS === part - 1)
    .filter((r) => !ONLY || ONLY.test(r.url));
  return [...routes.filter((r) => !ENDS_SOMETHING.test(r.url)), ...routes.filter((r) => ENDS_SOMETHING.test(r.url))];
}

async function fuzzRoute(route: ApiRoute) {
  const findings: string[] = [];
  const roles: FuzzRole[] = ['anonymous', 'stranger', 'student', 'owner'];
  for (const role of roles) {
    // an anonymous caller of a call behind a login is turned away before its input is read
    const runs = role === 'anonymous' && route.auth === 'required' ? 2 : RUNS;
    const seed = caseSeed(route.url, role);
    if (route.multipart) {
      for (const c of fc.sample(multipartCase, { seed, numRuns: runs })) {
        findings.push(...(await send(route, role, multipartOf(c.fields, c.file, c.cut))).findings);
      }
    } else {
      const base = plausibleBody(route, ids, people);
      const fields = Object.keys(inputSchema(route)?.properties ?? {});
      // the plausible body itself first, so the calls reach past validation into the work
      const cases = [{ encoding: 'json', patch: [], drop: [] } as Case, ...fc.sample(caseOf(fields), { seed, numRuns: runs })];
      // the deepest caller also gets the sweep: every field, every sweep value
      if (role === 'owner')
        for (const f of fields) for (const v of SWEEP) cases.push({ encoding: 'json', patch: [[f, v]], drop: [] });
      for (const c of cases) {
        const body: Record<string, unknown> = { ...base };
        for (const f of c.drop) delete body[f];
        for (const [f, v] of c.patch) body[f] = v;
        if (c.extra) body[c.extra[0]] = c.extra[1];
        const whole = c.whole !== undefined ? c.whole : body;
        const json = JSON.stringify(whole) ?? 'null';
        const request =
          route.method === 'GET'
            ? { query: formOf(body) }
            : c.encoding === 'form' && c.whole === undefined
              ? { payload: formOf(body), contentType: 'application/x-www-form-urlencoded' }
              : c.encoding === 'text'
                ? { payload: json, contentType: 'text/plain' }
                : c.encoding === 'broken-json'
                  ? { payload: json.slice(0, Math.max(1, json.length - 2)), contentType: 'application/json' }
                  : { payload: json, contentType: 'application/json' };
        findings.push(...(await send(route, role, request)).findings);
      }
    }
    await keepSession(role);
  }
  return findings;
}

/** The sweep over part `part` of the calls, in a test file of its own; the first part also checks the write watch. */
export function fuzzPart(part: number) {
  describe.skipIf(sweepsElsewhere)(`bad input to every call, as every kind of caller (part ${part} of ${FUZZ_PARTS})`, () => {
    beforeAll(async () => {
      totals = { requests: 0, fivexx: 0, leaks: 0, writtenOnRefusal: 0 };
      lastFault = undefined;
      db = await testDatabase();
      app = await testApp(db, {}, {}, (a) =>
        a.addHook('onError', (_req, _reply, error, done) => {
          lastFault = error;
          done();
        }),
      );
      people = await registerPeople(app);
      ids = await populateCourse(app, people);
      digest = new TableDigest(app, WRITTEN_ON_REFUSAL);
      await digest.init();
      watch = new WriteWatch(digest);
    }, 120_000);

    afterAll(async () => {
      console.log(
        `fuzz part ${part}: seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS} cases per call and role, ${totals.requests} requests, ` +
          `${totals.fivexx} 5xx, ${totals.leaks} leaks, ${totals.writtenOnRefusal} written on refusal`,
      );
      await app?.close();
      await db?.drop();
    });

    if (part === 1)
      it('sees a write: the digest names the table a call wrote to', async () => {
        const watch = new WriteWatch(digest);
        const added = await watch.written(() =>
          call(app, '/CourseApi/addDirectory', { courseid: ids.courseid, title: '自检' }, { token: people.owner.token }),
        );
        expect(added.changed).toEqual(['course_directories']);
        // an update leaves the count as it was: its new row version is seen
        const renamed = await watch.written(() =>
          call(
            app,
            '/CourseApi/renameDirectory',
            { courseid: ids.courseid, id: added.result.data.id, title: '自检二' },
            { token: people.owner.token },
          ),
        );
        expect(renamed.result.status).toBe(1);
        expect(renamed.changed).toEqual(['course_directories']);
        // the counter is this database's own: a read leaves it, and so does a write to another database
        const before = await digest.writes();
        expect(
          (await call(app, '/CourseApi/getCourseInfo', { courseid: ids.courseid }, { token: people.owner.token })).status,
        ).toBe(1);
        const elsewhere = await testDatabase();
        try {
          const other = await testApp(elsewhere);
          await registerPeople(other);
          await other.close();
        } finally {
          await elsewhere.drop();
        }
        expect(await digest.writes()).toBe(before);
      });

    it('answers every case without a 5xx, a stack or SQL, and writes nothing when it refuses', async () => {
      const all: string[] = [];
      for (const route of routesToFuzz(contractRoutes(), part)) all.push(...(await fuzzRoute(route)));
      if (!ONLY) expect(totals.requests).toBeGreaterThan(0);
      expect(all, `seed ${SEED}: replay with FUZZ_SEED=${SEED}`).toEqual([]);
      // some 26,000 requests over the three parts (a run of 2026-11-30), each part about two minutes on a loaded machine
    }, 2_700_000);
  });
}
