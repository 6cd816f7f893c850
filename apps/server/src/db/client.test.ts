import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testConfig, testDatabase, usePostgres } from '../../test/helpers';
import { pgliteTemplate, pgliteWasm } from '../../test/pglite-template';
import { buildApp } from '../app';
import { type Db, MIGRATION_LOCK, migrationsCurrent, openDatabase, PGLITE_TEMPLATE } from './client';

describe('the start of an embedded database (issue 23)', () => {
  it('runs the migrator only when the database lacks a committed migration', async () => {
    // the run's migrated template (the global setup makes it, as the server build makes its own)
    const template = pgliteTemplate();
    expect(template, 'the vitest global setup makes the template').toBeDefined();
    const client = new PGlite('memory://', { loadDataDir: template, pgliteWasmModule: await pgliteWasm() });
    try {
      expect(await migrationsCurrent(client)).toBe(true);
      // the newest migration not recorded: the migrator must run
      await client.query(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      expect(await migrationsCurrent(client)).toBe(false);
      // no migrations table at all (a database initialised but never migrated)
      await client.query('alter schema drizzle rename to drizzle_gone');
      expect(await migrationsCurrent(client)).toBe(false);
    } finally {
      await client.close();
    }
  });

  const databases = async (query: (text: string) => Promise<{ rows: unknown[] }>) =>
    (await query('select datname from pg_database order by datname')).rows.map((r) => (r as { datname: string }).datname);

  it("keeps the tests' template to its one database (lean-template.sql)", async () => {
    const client = new PGlite('memory://', { loadDataDir: pgliteTemplate(), pgliteWasmModule: await pgliteWasm() });
    try {
      expect(await databases((text) => client.query(text))).toEqual(['postgres']);
    } finally {
      await client.close();
    }
  });

  /** The buffer pool a database started with, as PostgreSQL shows it ("8MB"). */
  const sharedBuffers = async (db: Db) =>
    ((await db.execute(sql.raw('show shared_buffers'))) as unknown as { rows: { shared_buffers: string }[] }).rows[0]
      ?.shared_buffers;

  it.skipIf(usePostgres)("starts a test's embedded database with a small buffer pool (sharedBuffers)", async () => {
    const database = await testDatabase();
    try {
      expect(await sharedBuffers(database.database.db)).toBe('8MB');
    } finally {
      await database.drop();
    }
  });

  it.skipIf(usePostgres)(
    "starts the server's embedded database with the buffer pool PGLITE_SHARED_BUFFERS sets, 32M by default",
    async () => {
      for (const [env, shown] of [
        [{}, '32MB'],
        [{ PGLITE_SHARED_BUFFERS: '16M' }, '16MB'],
      ] as const) {
        const config = testConfig({ ...env, SEED_DEMO: 'false' });
        const app = await buildApp(config, { logger: false });
        try {
          expect(await sharedBuffers(app.ctx.db)).toBe(shown);
        } finally {
          await app.close();
          fs.rmSync(config.dataDir, { recursive: true, force: true });
        }
      }
    },
  );

  it.skipIf(!PGLITE_TEMPLATE)(
    "starts a new data folder from the build's template, without initdb's template databases",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-lean-template-'));
      try {
        const opened = await openDatabase({ dataDir, pgliteWasm: await pgliteWasm() });
        try {
          expect(await databases((text) => opened.db.execute(sql.raw(text)) as never)).toEqual(['postgres']);
        } finally {
          await opened.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('starts a new data folder as a copy of the template folder, and an existing one as it is', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-template-copy-'));
    try {
      // a template folder as the server build makes it: a data folder of a migrated database
      const templateDir = path.join(root, 'template');
      const made = new PGlite(templateDir, { loadDataDir: pgliteTemplate(), pgliteWasmModule: await pgliteWasm() });
      await made.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('mark of the template', 1)");
      await made.close();
      const dataDir = path.join(root, 'data');
      const marks = async () => {
        const opened = await openDatabase({ dataDir, templateDir, pgliteWasm: await pgliteWasm() });
        try {
          const { rows } = (await opened.db.execute(
            sql`select count(*)::int as n from drizzle.__drizzle_migrations where hash = 'mark of the template'`,
          )) as unknown as { rows: { n: number }[] };
          return Number(rows[0]!.n);
        } finally {
          await opened.close();
        }
      };
      expect(await marks()).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
      // an existing data folder opens as it is: it needs its template no more
      fs.rmSync(templateDir, { recursive: true });
      expect(await marks()).toBe(1);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.runIf(usePostgres)('the start on PostgreSQL (issue 23)', () => {
  it('opens a database holding every migration without the migrator or its lock, and finds one that lacks one', async () => {
    const made = await testDatabase();
    const holder = new pg.Client({ connectionString: made.url });
    await holder.connect();
    try {
      // another instance migrating holds the lock: a current database opens beside it all the same
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const opened = await Promise.race([
        openDatabase({ url: made.url }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('waited on the migration lock')), 10_000)),
      ]);
      await opened.close();
      expect(await migrationsCurrent(holder)).toBe(true);
      await holder.query(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      expect(await migrationsCurrent(holder)).toBe(false);
    } finally {
      await holder.end();
      await made.drop();
    }
  });
});
