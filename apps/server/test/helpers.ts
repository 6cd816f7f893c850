import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, type Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { verificationCodes } from '../src/db/schema';
import { hashCheaplyForTests } from '../src/modules/accounts/passwords';
import { pgliteTemplate, pgliteWasm } from './pglite-template';
import { postgresTemplateName, runDatabasePrefix } from './postgres-template';

/**
 * Integration tests run against a real database: PGlite in memory by default, or a fresh
 * PostgreSQL database (created here, dropped after) when TEST_DB=postgres and DATABASE_URL is set.
 * With TEST_DB=postgres, REDIS_URL (when set) backs the bus and the rate limits too.
 */
// thousands of registrations: argon2id at its least work (the parameters production uses cost 19 MiB and 2 passes each)
hashCheaplyForTests();

export const usePostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);

/**
 * The sweeps over every call (the role matrix, the fuzzing) test the policies and validation above the
 * database, and the media-server tests (nginx-rtmp and ffmpeg streaming in real time) test the processes
 * beside it. When the run has a PostgreSQL stage too (scripts/test.sh sets TEST_SWEEPS=postgres), they
 * run there and not again on PGlite (decision 042).
 */
export const sweepsElsewhere = !usePostgres && process.env.TEST_SWEEPS === 'postgres';
export const redisUrl = usePostgres ? process.env.REDIS_URL : undefined;

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * Counts the queries a piece of work runs, by drizzle's logger: only those run inside `measure`'s
 * own async context, so the job poller and other requests running meanwhile are not counted.
 */
export class QueryCounter implements Logger {
  private readonly scope = new AsyncLocalStorage<string[]>();

  logQuery(query: string) {
    this.scope.getStore()?.push(query);
  }

  /** Runs the work and answers how many queries it ran, and their SQL. */
  async measure<T>(work: () => Promise<T>): Promise<{ queries: number; sql: string[]; result: T }> {
    const sql: string[] = [];
    const result = await this.scope.run(sql, work);
    return { queries: sql.length, sql, result };
  }
}

let ahead: Promise<string> | undefined;

/** A new database copied from the migrated template (postgres-template.ts), or a new empty one when none was made. */
async function copyTemplate() {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const name = `${runDatabasePrefix(process.ppid)}${randomBytes(6).toString('hex')}`;
    const template = postgresTemplateName();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [template]);
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${rowCount ? ` template ${template}` : ''}`);
        return name;
      } catch (error) {
        // 55006: the template's own set-up connections are still closing (a moment after it was made)
        if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function testDatabase(options: { logger?: Logger } = {}): Promise<TestDatabase> {
  if (!usePostgres) {
    // the run's template holds every migration (it is named by their content)
    const template = pgliteTemplate();
    const database = await openDatabase({
      dataDir: 'memory',
      logger: options.logger,
      template,
      templateCurrent: template !== undefined,
      pgliteWasm: await pgliteWasm(),
      // an in-memory database keeps its files in memory already: a small buffer pool doubles less of them,
      // and PGlite writes over the whole pool at every start (decision 061)
      sharedBuffers: 8 * 1024 ** 2,
    });
    return { database, drop: () => database.close() };
  }
  // the copy made ahead while the last file ran, and the next file's started now (the workers keep this
  // module from file to file): a copy takes PostgreSQL about 0.85 s, of a stage whose cores are a third idle
  const name = await (ahead ?? copyTemplate()).catch(() => copyTemplate());
  ahead = copyTemplate();
  ahead.catch(() => {});
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), logger: options.logger });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    MODE: 'development',
    DATA_DIR: path.join(os.tmpdir(), `paiclass-test-${randomBytes(4).toString('hex')}`),
    LOG_LEVEL: 'silent',
    CHECK_RESPONSES: 'true',
    WEB_DIST: path.join(os.tmpdir(), 'paiclass-no-web'),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...env,
  });
}

export async function testApp(
  db: TestDatabase,
  env: Record<string, string> = {},
  options: AppOptions = {},
  setup?: (app: FastifyInstance) => void,
) {
  const config = testConfig(env);
  const app = await buildApp(config, { database: db.database, logger: false, ...options });
  setup?.(app);
  await app.ready();
  if (twoInstances && db.url && !options.database) await pairWithTwin(app, db.url, config, options, setup);
  return app;
}

/**
 * TEST_INSTANCES=2 (on PostgreSQL and Redis): each test app gets a twin, a second instance of the same
 * installation with its own connections to the same database and the same Redis, and the test's calls
 * through `app.inject` go to the two in turn. A test written for one instance then runs across two: a
 * write on one and a socket or a read on the other, jobs polled by both, limits counted in Redis.
 */
export const twoInstances = process.env.TEST_INSTANCES === '2' && usePostgres && Boolean(redisUrl);

const twins = new WeakMap<FastifyInstance, FastifyInstance>();
/** A test app and, under TEST_INSTANCES=2, its twin: a test that watches an instance's insides watches both. */
export const instancesOf = (app: FastifyInstance) => [app, ...(twins.has(app) ? [twins.get(app)!] : [])];

async function pairWithTwin(
  app: FastifyInstance,
  url: string,
  config: ReturnType<typeof testConfig>,
  options: AppOptions,
  setup?: (app: FastifyInstance) => void,
) {
  const database = await openDatabase({ url });
  const twin = await buildApp(config, { ...options, database, logger: false });
  setup?.(twin);
  await twin.ready();
  twins.set(app, twin);
  const own = app.inject.bind(app);
  let turn = 0;
  app.inject = ((...args: Parameters<FastifyInstance['inject']>) =>
    turn++ % 2 ? twin.inject(...args) : own(...args)) as FastifyInstance['inject'];
  const close = app.close.bind(app);
  app.close = (async () => {
    await close();
    await twin.close();
    await database.close();
  }) as FastifyInstance['close'];
}

export interface Envelope<T = any> {
  status: 0 | 1;
  code: number;
  message: string;
  data: T;
}

/** A client address of its own per test, so rate limits of one test never reach another. */
/**
 * Whether `code` appears anywhere in `value` as a value of its own: a string equal to it, or a
 * number equal to it under a key that names a code. A search of the JSON text would also find
 * the four digits inside an id or a timestamp, and fail a run by chance.
 */
export function carriesCode(value: unknown, code: string, key = ''): boolean {
  if (typeof value === 'string') return value.trim() === code;
  if (typeof value === 'number') return /code/i.test(key) && value === Number(code);
  if (Array.isArray(value)) return value.some((item) => carriesCode(item, code));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => carriesCode(v, code, k));
  }
  return false;
}

export const newAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export async function call<T = any>(
  app: FastifyInstance,
  url: string,
  body: Record<string, unknown> = {},
  opts: { token?: string; lang?: string; ip?: string; form?: boolean } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.token = opts.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await app.inject({
    method: 'POST',
    url,
    headers: opts.form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
    payload: opts.form ? new URLSearchParams(body as Record<string, string>).toString() : body,
    remoteAddress: opts.ip ?? newAddress(),
  });
  return res.json() as Envelope<T>;
}

/** The newest code the development outbox holds for a phone, email or picture sessionid. */
export async function lastCode(app: FastifyInstance, target: string): Promise<string> {
  // the outbox answers only this machine's own sockets
  const res = await call<{ code: string }>(app, '/DevApi/lastCode', { target }, { ip: '127.0.0.1' });
  if (res.status !== 1) throw new Error(`no code for ${target}: ${res.message}`);
  return res.data.code;
}

/** A picture code and its answer, as a journey reads it from the outbox. */
export async function figureCode(app: FastifyInstance, ip?: string) {
  const res = await call<{ sessionid: string; url: string }>(app, '/UserApi/getFigureCode', {}, { ip });
  return { sessionid: res.data.sessionid, verify: await lastCode(app, res.data.sessionid) };
}

/** Ages the codes sent to a target past the 60 s spacing, as if the test had waited. */
export async function ageCodes(app: FastifyInstance, target: string) {
  await app.ctx.db
    .update(verificationCodes)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(verificationCodes.target, target));
}

/**
 * Sends a verification code (passing a picture code) and reads it back from the outbox.
 * Earlier codes to the same target are first aged past the 60 s spacing, as if the test had waited.
 */
export async function sendAndRead(
  app: FastifyInstance,
  target: { mobile?: string; email?: string },
  type: string,
  opts: { token?: string; ip?: string } = {},
) {
  const ip = opts.ip ?? newAddress();
  await ageCodes(app, (target.mobile ?? target.email ?? '').toLowerCase());
  const res = await call(app, '/UserApi/sendCode', { ...target, type, ...(await figureCode(app, ip)) }, { ...opts, ip });
  if (res.status !== 1) throw new Error(`sendCode refused: ${res.code} ${res.message}`);
  return lastCode(app, target.mobile ?? target.email ?? '');
}

let phoneCounter = 0;
/** A phone number unused in this test file. */
export const newPhone = () =>
  `139${String(Date.now() % 100000).padStart(5, '0')}${String(phoneCounter++ % 1000).padStart(3, '0')}`;
export const newEmail = () => `u${randomBytes(4).toString('hex')}@example.edu.cn`;

export const STRONG = 'Good#Pass42';

/** Registers a student (or teacher) through the normal path and returns its login. */
export async function registerUser(app: FastifyInstance, extra: Record<string, unknown> = {}) {
  const mobile = newPhone();
  const code = await sendAndRead(app, { mobile }, 'register');
  const res = await call(app, '/UserApi/register', {
    type: 1,
    email: mobile,
    password: STRONG,
    repassword: STRONG,
    username: '测试同学',
    school: '示范学校',
    stno: '20260001',
    usertype: 0,
    code,
    ...extra,
  });
  if (res.status !== 1) throw new Error(`register refused: ${res.code} ${res.message}`);
  return { mobile, password: STRONG, token: res.data.token as string, uid: Number(res.data.uid) };
}

/** A multipart request as a browser sends it: text fields and at most one file part named `file`. */
export async function upload(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer },
): Promise<Envelope> {
  const boundary = `----paiclass${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { token } : {}) },
    payload: Buffer.concat(parts),
    remoteAddress: newAddress(),
  });
  return res.json() as Envelope;
}
