import { academicYears, allCalls } from '@paiclass/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiRoute } from '../src/platform/envelope';
import { routeOf } from '../src/platform/handle';
import { STRONG } from './helpers';
import { type CourseIds, idFor, idsFor, type People } from './world';

/**
 * What the fuzz suite and the role matrix share: the JSON schema of a call's input, a plausible
 * body built from it (ids of the populated course, strings a person would type), and a digest of
 * every table that tells whether a refused call wrote anything.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

/** Every call of the contract (decision 026) as rows of the route table: what the fuzz suite and the role matrix walk. */
export const contractRoutes = () => allCalls().map(routeOf);

/** The JSON schema of a call's input (body, else query string), as a client must send it. */
export function inputSchema(route: ApiRoute): JsonSchema | undefined {
  const schema = route.body ?? route.querystring;
  if (!schema) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const now = () => Math.floor(Date.now() / 1000);

/** A value a person would send for a field: the populated course's ids, a valid number, ordinary text. */
export function plausible(route: ApiRoute, field: string, schema: JsonSchema, ids: CourseIds, people: People): unknown {
  const id = idFor(route.url, field, ids);
  if (id !== undefined) return id;
  const list = idsFor(route.url, field, ids, people);
  if (list !== undefined) return list;
  if (field === 'uid') return people.student.uid;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length)
    return plausible(route, field, schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, ids, people);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      if (/time$/.test(field)) return field === 'endtime' ? now() + 86_400 : 0;
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(1, low), high);
    }
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = plausible(route, k, v, ids, people);
      return out;
    }
    default:
      return plausibleText(field, schema, ids);
  }
}

function plausibleText(field: string, schema: JsonSchema, ids: CourseIds): string {
  if (/password/.test(field)) return field === 'password' || field === 'repassword' ? STRONG : 'Wrong#Pass1';
  if (field === 'code' && schema.pattern?.includes('\\d{6}')) return ids.code;
  if (field === 'semester') return academicYears()[2]!;
  if (field === 'mobile' || field === 'account') return '13900000000';
  if (field === 'email') return 'fuzz@example.edu.cn';
  if (field === 'fileMd5') return 'd41d8cd98f00b204e9800998ecf8427e';
  if (field === 'lang') return 'zh';
  if (field === 'enrolltime') return '2024-09';
  if (schema.pattern) return '';
  const text = `测试${field}`;
  return schema.maxLength !== undefined
    ? text.slice(0, Math.max(schema.minLength ?? 1, Math.min(schema.maxLength, text.length)))
    : text;
}

/** A plausible body for a call: every field of its input schema. */
export function plausibleBody(route: ApiRoute, ids: CourseIds, people: People): Record<string, unknown> {
  const schema = inputSchema(route);
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema?.properties ?? {})) body[k] = plausible(route, k, v, ids, people);
  return body;
}

/**
 * Every table's row count and the sum of its rows' `xmin` (the transaction that wrote each row
 * version), in one query. A committed insert or delete changes the count; a committed update gives the
 * row a new version, written by a newer transaction, and changes the sum. A rolled-back write changes
 * neither. It reads no row's text: a digest of the rows' text (md5 over every row, sorted) cost the
 * role matrix most of its time as its database grew by a course a call. Tables (and only those) that a
 * refusal is meant to write are left out: a wrong code counts its tries, a picture code is spent.
 */
export class TableDigest {
  private tables: string[] = [];
  constructor(
    private app: FastifyInstance,
    private skip: string[] = [],
  ) {}

  /**
   * Lists the tables and gives each a statement trigger that moves this database's write counter
   * (`writes`). Once per test database: every digest of the database watches the same tables.
   */
  async init() {
    const res = await this.app.ctx.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    this.tables = (res as unknown as { rows: { name: string }[] }).rows.map((r) => r.name).filter((t) => !this.skip.includes(t));
    // one statement (PGlite's driver takes no list of commands): the tables are this database's own names
    const names = this.tables.map((t) => `'${t.replaceAll("'", "''")}'`).join(', ');
    await this.app.ctx.db.execute(
      sql.raw(`do $$
        declare t text;
        begin
          create sequence if not exists test_write_watch;
          create or replace function test_write_watch_bump() returns trigger language plpgsql as
            $f$ begin perform nextval('test_write_watch'); return null; end $f$;
          foreach t in array array[${names}]::text[] loop
            execute format('create or replace trigger test_write_watch after insert or update or delete or truncate on %I '
              'for each statement execute function test_write_watch_bump()', t);
          end loop;
          perform nextval('test_write_watch');
        end $$`),
    );
  }

  /**
   * This database's write counter: it moves whenever a statement wrote to (or tried to write to) a
   * watched table, committed or not, and at nothing else. The transaction counter it replaced is the
   * whole cluster's: on PostgreSQL every other test file's writes moved it, and the role matrix took
   * the full digest around nearly every call (72 s alone, 106 s beside a loop of writes elsewhere).
   */
  async writes(): Promise<string> {
    const res = await this.app.ctx.db.execute<{ n: string }>(sql`select last_value::text as n from test_write_watch`);
    return (res as unknown as { rows: { n: string }[] }).rows[0]!.n;
  }

  /** table -> "rows:sum of xmin" */
  async take(): Promise<Map<string, string>> {
    const parts = this.tables.map(
      (t) => `select '${t}' as t, count(*)::int || ':' || coalesce(sum(x.xmin::text::bigint), 0)::text as h from "${t}" x`,
    );
    const res = await this.app.ctx.db.execute<{ t: string; h: string }>(sql.raw(parts.join(' union all ')));
    return new Map((res as unknown as { rows: { t: string; h: string }[] }).rows.map((r) => [r.t, r.h]));
  }

  /** The tables whose digest differs. */
  static changed(before: Map<string, string>, after: Map<string, string>) {
    return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
  }
}

/** Text that must never reach a caller: a stack frame, a source path, SQL or a driver's error. */
export const LEAK =
  /\bat [\w.<>$]+ \(|node_modules|apps\/server\/|\.ts:\d+:\d+|\b(select|insert|update|delete)\b[\s\S]{0,80}\b(from|into|set|where)\b|violates|syntax error|duplicate key|relation "|column "|out of range for type|invalid byte sequence|DrizzleQueryError|Failed query/i;

/** Finds an answer's leak: in a refusal's message, or a stack frame anywhere in the answer. */
export function leakIn(answer: { status?: number; message?: unknown }, raw: string): string | undefined {
  if (answer.status === 0 && typeof answer.message === 'string' && LEAK.test(answer.message)) return answer.message;
  const frame = /\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|node_modules\//.exec(raw);
  return frame?.[0];
}

/**
 * Watches the database around calls: `written(work)` runs the work and answers the tables whose rows
 * changed, taking the full digest only when the database's write counter moved.
 */
export class WriteWatch {
  private baseline?: Map<string, string>;
  private count = '';
  constructor(private digest: TableDigest) {}

  async written<T>(work: () => Promise<T>): Promise<{ result: T; changed: string[] }> {
    // the counter is read before the digest: a write between the two shows in the next comparison
    const before = await this.digest.writes();
    if (!this.baseline || before !== this.count) {
      this.count = before;
      this.baseline = await this.digest.take();
    }
    const result = await work();
    const after = await this.digest.writes();
    if (after === this.count) return { result, changed: [] };
    this.count = after;
    const now = await this.digest.take();
    const changed = TableDigest.changed(this.baseline, now);
    this.baseline = now;
    return { result, changed };
  }
}

/** Values no field should take: out-of-range numbers, NUL bytes, huge and broken text, injection, wrong shapes. */
export const HOSTILE: unknown[] = [
  2 ** 31,
  '2147483648',
  -1,
  '-1',
  0,
  1e300,
  '1e3',
  '1e300',
  2 ** 53 + 1,
  -(2 ** 63),
  1.5,
  'NaN',
  'Infinity',
  '0x10',
  '\u0000',
  'a\u0000b',
  'x'.repeat(10_000),
  '测'.repeat(10_000),
  '😀🎉👩‍👩‍👧',
  '\ud800',
  "' OR 1=1 --",
  '1; drop table users; --',
  '%_\\',
  '<script>alert(1)</script>',
  '99999-01-01',
  '9999-12-31T23:59:59Z',
  253_402_300_800,
  8.64e15,
  '',
  '   ',
  null,
  true,
  false,
  [],
  [2 ** 31],
  ['\u0000'],
  [[1]],
  {},
  { id: 1 },
  { $gt: '' },
];

/** Sent in every field of every call, one field at a time, the rest of the body plausible: the red team's sweep. */
export const SWEEP: unknown[] = [
  'a\u0000b',
  2 ** 31,
  '2147483648',
  -1,
  1e300,
  '1e3',
  'x'.repeat(10_000),
  '99999-01-01',
  253_402_300_800,
  "' OR 1=1 --",
  '😀',
  [],
  { k: 1 },
];
