import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate, pgliteWasm } from '../../test/pglite-template';
import { drizzleClient, TEXT_TYPES } from './pglite-parsers';

const TABLE = sql`create table kinds (
  id serial primary key,
  at timestamptz not null,
  local timestamp not null,
  day date not null,
  span interval not null,
  amounts numeric[] not null,
  days date[] not null,
  meta jsonb not null,
  flag boolean not null,
  big bigint not null
)`;
const ROW = sql`insert into kinds (at, local, day, span, amounts, days, meta, flag, big) values
  ('2026-12-01 03:18:25+00', '2026-12-01 11:18:25', '2026-12-01', '1 day 02:00:00', '{1.50,2}', '{2026-12-01,2026-12-02}',
   '{"a":[1,"b"]}', true, 9007199254740993)`;
const READ = sql`select * from kinds order by id`;

/** Every options object PGlite's own query was asked with. */
function watched(client: PGlite) {
  const asked: (QueryOptions | undefined)[] = [];
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    asked.push(options);
    return query(text, params, options);
  }) as PGlite['query'];
  return asked;
}

describe("drizzle's queries on PGlite without a parser map each (issue 23)", () => {
  let plain: PGlite;
  let own: PGlite;
  beforeAll(async () => {
    // two copies of the run's migrated template (the global setup makes it): no initdb each
    const options = { loadDataDir: pgliteTemplate(), pgliteWasmModule: await pgliteWasm() };
    plain = new PGlite('memory://', options);
    own = new PGlite('memory://', options);
    for (const client of [plain, own]) {
      await drizzle(client).execute(TABLE);
      await drizzle(client).execute(ROW);
    }
  });
  afterAll(async () => {
    await plain?.close();
    await own?.close();
  });

  it("keeps as text the very types drizzle's session asks to", async () => {
    const asked = watched(plain);
    await drizzle(plain).execute(READ);
    const maps = asked.map((options) =>
      Object.keys(options?.parsers ?? {})
        .map(Number)
        .sort(),
    );
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) expect(map).toEqual([...TEXT_TYPES].sort());
  });

  it('answers as drizzle on the plain client does, in and out of a transaction, and sends no map', async () => {
    const asked = watched(own);
    const db = drizzle({ client: (await drizzleClient(own)) as unknown as PGlite });
    const expected = (await drizzle(plain).execute(READ)).rows;
    expect(expected[0]).toMatchObject({ at: '2026-12-01 03:18:25+00', day: '2026-12-01', span: '1 day 02:00:00', flag: true });

    expect((await db.execute(READ)).rows).toEqual(expected);
    const inside = await db.transaction(async (tx) => (await tx.execute(READ)).rows);
    expect(inside).toEqual(expected);
    // a savepoint inside the transaction goes through the same swapped query
    const nested = await db.transaction((tx) => tx.transaction(async (inner) => (await inner.execute(READ)).rows));
    expect(nested).toEqual(expected);

    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((options) => options?.parsers)).toEqual([]);
  });

  it('passes on a map of other types, which PGlite then merges as asked', async () => {
    const asked = watched(own);
    const client = await drizzleClient(own);
    const upper = { 25: (value: string) => value.toUpperCase() };
    const { rows } = await client.query<{ word: string }>("select 'text' as word", [], { parsers: upper });
    expect(rows[0]?.word).toBe('TEXT');
    expect(asked.at(-1)?.parsers).toBe(upper);
  });

  it('rolls back a transaction whose work fails, and the transaction reads as closed after', async () => {
    const client = await drizzleClient(own);
    let seen: { closed: boolean } | undefined;
    await expect(
      client.transaction(async (tx) => {
        seen = tx;
        await tx.query(
          "insert into kinds (at, local, day, span, amounts, days, meta, flag, big) values (now(), now(), now(), '1 hour', '{}', '{}', '{}', false, 1)",
        );
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen?.closed).toBe(true);
    expect((await own.query('select count(*)::int as n from kinds')).rows).toEqual([{ n: 1 }]);
  });
});
