import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase, usePostgres } from '../../test/helpers';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const CONSTRAINTS_MIGRATION = '0021_constraints';

type Exec = (query: SQL) => Promise<{ rows: Record<string, unknown>[] }>;

/** The error code the database answers a statement with ('' when it succeeds). */
async function refusal(exec: Exec, query: SQL): Promise<string> {
  try {
    await exec(query);
    return '';
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return err.code ?? err.cause?.code ?? String(e);
  }
}

/** Every single-column foreign key whose column does not lead any index (found from the catalogue). */
const unindexedForeignKeys = sql`
  select c.conrelid::regclass::text as tbl, a.attname as col
  from pg_constraint c
  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
  order by 1, 2`;

/** A few rows to break the rules on: a user, a course with a class, a folder and an item, a comment. */
async function seed(exec: Exec) {
  const tag = randomBytes(4).toString('hex');
  const one = async (q: SQL) => Number((await exec(q)).rows[0]!.id);
  const user = await one(sql`insert into users (username, account) values ('约束', ${`c-${tag}`}) returning id`);
  const course = await one(
    sql`insert into courses (owner_id, coursename, semester, term, code) values (${user}, '约束', '2025-2026', 1, ${tag.slice(0, 6)}) returning id`,
  );
  const klass = await one(sql`insert into course_classes (course_id, name) values (${course}, ${`一班${tag}`}) returning id`);
  await exec(
    sql`insert into course_members (course_id, user_id, role, class_id) values (${course}, ${user}, 'student', ${klass})`,
  );
  const folder = await one(
    sql`insert into contents (course_id, author_id, contenttype, item_type, title) values (${course}, ${user}, 4, 2, '文件夹') returning id`,
  );
  const item = await one(
    sql`insert into contents (course_id, author_id, contenttype, folder_id, title) values (${course}, ${user}, 4, ${folder}, '作业') returning id`,
  );
  await exec(sql`insert into homeworks (content_id) values (${item})`);
  const submission = await one(
    sql`insert into submissions (content_id, user_id, owner) values (${item}, ${user}, ${`u:${user}`}) returning id`,
  );
  const comment = await one(sql`insert into comments (content_id, user_id, body) values (${item}, ${user}, '评论') returning id`);
  const reply = await one(
    sql`insert into comments (content_id, user_id, parent_id, body) values (${item}, ${user}, ${comment}, '回复') returning id`,
  );
  const file = await one(
    sql`insert into files (owner_id, md5, size, name, mime, storage_key) values (${user}, ${tag.padEnd(32, '0')}, 3, 'a.docx', 'x', ${`k/${tag}`}) returning id`,
  );
  const pdf = await one(
    sql`insert into files (owner_id, md5, size, name, mime, storage_key) values (${user}, ${tag.padEnd(32, '1')}, 3, 'a.pdf', 'x', ${`k/${tag}p`}) returning id`,
  );
  await exec(sql`update files set pdf_state = 2, pdf_file_id = ${pdf} where id = ${file}`);
  return { user, course, klass, folder, item, submission, comment, reply, file, pdf };
}

describe('the schema keeps its own guarantees', () => {
  let db: TestDatabase;
  let exec: Exec;
  let rows: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    db = await testDatabase();
    exec = (q) => db.database.db.execute(q) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
    rows = await seed(exec);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('has an index led by every foreign-key column', async () => {
    expect((await exec(unindexedForeignKeys)).rows).toEqual([]);
  });

  it('refuses ids that point nowhere: folder, parent comment, PDF file, class', async () => {
    const missing = 2_000_000_000;
    const { user, course, item, comment, file } = rows;
    expect(await refusal(exec, sql`update contents set folder_id = ${missing} where id = ${item}`)).toBe('23503');
    expect(
      await refusal(
        exec,
        sql`insert into comments (content_id, user_id, parent_id, body) values (${item}, ${user}, ${missing}, 'x')`,
      ),
    ).toBe('23503');
    expect(await refusal(exec, sql`update files set pdf_file_id = ${missing} where id = ${file}`)).toBe('23503');
    expect(await refusal(exec, sql`update course_members set class_id = ${missing} where course_id = ${course}`)).toBe('23503');
    // a folder never holds itself, a comment never answers itself
    expect(await refusal(exec, sql`update contents set folder_id = id where id = ${rows.folder}`)).toBe('23514');
    expect(await refusal(exec, sql`update comments set parent_id = id where id = ${comment}`)).toBe('23514');
  });

  it.each([
    ['a usertype other than student or teacher', sql`update users set usertype = 2`],
    ['a VIP level past 4', sql`update users set isvip = 5`],
    ['a language other than zh or en', sql`update users set lang = 'fr'`],
    ['a term other than 0, 1, 2', sql`update courses set term = 3`],
    ['a teaching type other than 1-3', sql`update courses set teachtype = 0`],
    ['a study time of 0', sql`update courses set studytime = 0`],
    ['a template past 6', sql`update courses set template = 7`],
    ['an ended flag of 2', sql`update courses set classending = 2`],
    ['an enrolment flag of 2', sql`update courses set auditstate = '2'`],
    ['a course role outside owner, assistant, student', sql`update course_members set role = 'admin'`],
    ['an item type of 3', sql`update contents set item_type = 3`],
    ['a publish state of 4', sql`update contents set publish_state = 4`],
    ['a homework type of 4', sql`update homeworks set type = 4`],
    ['a full score over 100', sql`update homeworks set full_score = 101`],
    ['a scoring mode of 3', sql`update homeworks set score_mode = 3`],
    ['a submission status of 0', sql`update submissions set status = 0`],
    ['a negative score', sql`update submissions set score = -1`],
    ['a score over 100', sql`update submissions set score = 100.5`],
    ['an owner that is neither u: nor g:', sql`update submissions set owner = 'x:1'`],
    ['a PDF state of 4', sql`update files set pdf_state = 4`],
    ['negative likes', sql`update comments set likes = -1`],
  ])('refuses %s', async (_rule, query) => {
    expect(await refusal(exec, query)).toBe('23514');
  });

  it('takes items, replies and links with what they belong to when it goes', async () => {
    const { course, klass, folder, item, comment, reply, file, pdf } = rows;
    await exec(sql`delete from files where id = ${pdf}`);
    expect((await exec(sql`select pdf_file_id from files where id = ${file}`)).rows[0]).toEqual({ pdf_file_id: null });
    await exec(sql`delete from course_classes where id = ${klass}`);
    expect((await exec(sql`select class_id from course_members where course_id = ${course}`)).rows).toEqual([{ class_id: null }]);
    await exec(sql`delete from comments where id = ${comment}`);
    expect((await exec(sql`select id from comments where id = ${reply}`)).rows).toEqual([]);
    await exec(sql`delete from contents where id = ${folder}`);
    expect((await exec(sql`select id from contents where id = ${item}`)).rows).toEqual([]);
  });
});

/**
 * A database built up to the migration before the constraints, by the real migrator over a copy of
 * the migrations folder that stops there; `migrate` then applies the rest.
 */
async function databaseBefore(tag: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  const partial = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-migrations-'));
  fs.mkdirSync(path.join(partial, 'meta'));
  for (const e of journal.entries.slice(0, at))
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(partial, `${e.tag}.sql`));
  fs.writeFileSync(
    path.join(partial, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  if (!usePostgres) {
    const client = new PGlite();
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: partial });
    return {
      exec: ((q: SQL) => db.execute(q)) as unknown as Exec,
      migrate: () => migratePglite(db, { migrationsFolder }),
      close: async () => {
        await client.close();
        fs.rmSync(partial, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `paiclass_m_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // the drop below ends any connection still closing; without a listener its error would end the worker
  pool.on('error', () => {});
  const db = drizzlePg(pool);
  await migratePg(db, { migrationsFolder: partial });
  return {
    exec: ((q: SQL) => db.execute(q)) as unknown as Exec,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(partial, { recursive: true, force: true });
    },
  };
}

describe('the constraints migration', () => {
  it('applies to a populated database whose rows point nowhere, putting them right', async () => {
    const before = await databaseBefore(CONSTRAINTS_MIGRATION);
    try {
      const { exec } = before;
      const r = await seed(exec);
      const missing = 2_000_000_000;
      // what the code could leave behind while nothing stopped it
      await exec(sql`update contents set folder_id = ${missing} where id = ${r.item}`);
      await exec(sql`update comments set parent_id = ${missing} where id = ${r.reply}`);
      await exec(sql`update files set pdf_file_id = ${missing} where id = ${r.file}`);
      await exec(sql`update course_members set class_id = ${missing} where course_id = ${r.course}`);
      expect((await exec(unindexedForeignKeys)).rows.length).toBeGreaterThan(0);

      await before.migrate();

      expect((await exec(sql`select folder_id, deleted_at from contents where id = ${r.item}`)).rows).toEqual([
        { folder_id: null, deleted_at: null },
      ]);
      expect((await exec(sql`select id from comments where id = ${r.reply}`)).rows).toEqual([]);
      expect((await exec(sql`select id from comments where id = ${r.comment}`)).rows).toHaveLength(1);
      // the document is converted again rather than pointing at a PDF that is gone
      expect((await exec(sql`select pdf_file_id, pdf_state from files where id = ${r.file}`)).rows).toEqual([
        { pdf_file_id: null, pdf_state: 0 },
      ]);
      expect((await exec(sql`select class_id from course_members where course_id = ${r.course}`)).rows).toEqual([
        { class_id: null },
      ]);
      expect((await exec(unindexedForeignKeys)).rows).toEqual([]);
      expect(await refusal(exec, sql`update contents set folder_id = ${missing} where id = ${r.item}`)).toBe('23503');
    } finally {
      await before.close();
    }
  });
});
