import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type ChangeFeed, PgliteChangeFeed, PostgresChangeFeed } from './change-feed';
import { drizzleClient } from './pglite-parsers';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** what the database says has changed, for the in-process read cache */
  changes: ChangeFeed;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/**
 * An embedded database already initialised and migrated, made by the server build
 * (`apps/server/build.mjs`) as a data folder: a fresh data folder is a copy of it, which then opens as
 * an existing one, instead of running initdb (seconds) or unpacking a dump through PGlite (0.4 s of
 * its 1,000 files written one by one). Migrations still run after it, so a template older than the
 * code is only slower.
 */
export const PGLITE_TEMPLATE = [
  path.resolve(import.meta.dirname, 'pglite-template'),
  // run from the sources (tsx: the journeys' seed, the operator commands), the build's beside them: it took
  // initdb and every migration otherwise, 5 of the journeys' seed's 12 s
  path.resolve(import.meta.dirname, '../../dist/pglite-template'),
].find((dir) => fs.existsSync(path.join(dir, 'PG_VERSION')));
// any number: instances starting together take turns applying migrations
export const MIGRATION_LOCK = 727_001;

/** The moment of the newest committed migration, from the migrations' journal (drizzle's `when`). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** What `migrationsCurrent` reads through: a PGlite client or a node-postgres one. */
interface Queryable {
  query(sql: string): Promise<{ rows: unknown[] }>;
}

/**
 * Whether a database already holds every committed migration: drizzle's migrator applies those newer
 * than the last one recorded, so a database whose last is the newest has nothing to apply. The migrator
 * itself reads and hashes every migration file and runs its own statements first, at every start: about
 * 50 ms of CPU of an embedded folder's start, and 0.7 s on each PostgreSQL test database copied from the
 * migrated template, a file's set-up (issue 23).
 */
export async function migrationsCurrent(client: Queryable) {
  const { rows: table } = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(table[0] as { present: boolean } | undefined)?.present) return false;
  const { rows } = await client.query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  const last = (rows[0] as { last: string | null } | undefined)?.last;
  return last != null && Number(last) >= newestMigration();
}

/**
 * Opens the database and applies the committed migrations: node-postgres when a URL is given,
 * otherwise PGlite persisted in `dataDir` (or in memory when dataDir is 'memory'). A `logger` sees
 * every query the services run (tests count them with it).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | 'memory';
  onIdleError?: (err: Error) => void;
  logger?: Logger;
  /** an embedded database to start from when the data is new (the tests pass one migrated once per run) */
  template?: Blob;
  /**
   * the template holds every committed migration (the tests' template is named by their content): the
   * migrator, which reads and checks them all (0.7 s), is not run on a database started from it
   */
  templateCurrent?: boolean;
  /** PGlite's WebAssembly compiled once for many databases in one process (the tests: one per file) */
  pgliteWasm?: WebAssembly.Module;
  /** the data folder a new one is copied from (default: the build's, PGLITE_TEMPLATE) */
  templateDir?: string;
  /**
   * PGlite's buffer pool (PostgreSQL's `shared_buffers`, 128MB when not given). PGlite writes over the whole
   * pool at every start: at 128MB most of a test database's start (decision 061). The server's is
   * PGLITE_SHARED_BUFFERS (32M), a test's 8MB (test/helpers.ts). In bytes, given to PostgreSQL in kB
   */
  sharedBuffers?: number;
}): Promise<Database> {
  if (options.url) {
    // loaded only when PostgreSQL is configured: the embedded start does not pay for the driver
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // an idle connection the server drops (restart, failover) is replaced by the pool; without a
    // listener its error would end the process
    pool.on('error', (err) => options.onIdleError?.(err));
    const client = await pool.connect();
    try {
      // a database already current is not locked: the migrator checks again under the lock
      if (!(await migrationsCurrent(client))) {
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        }
      }
    } finally {
      client.release();
    }
    const changes = new PostgresChangeFeed(
      () => new pg.Client({ connectionString: options.url }),
      (err) => options.onIdleError?.(err),
    );
    await changes.start();
    return {
      db: drizzlePg(pool, { schema, logger: changes.logger(options.logger) }) as unknown as Db,
      driver: 'postgres',
      changes,
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  if (options.dataDir && options.dataDir !== 'memory') {
    dir = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
  }
  const fresh = dir === undefined || !fs.existsSync(path.join(dir, 'PG_VERSION'));
  // a new data folder, no template given: a copy of the build's, copied whole and then marked by its PG_VERSION
  // (a start cut short copies it again)
  const templateDir = options.templateDir ?? PGLITE_TEMPLATE;
  if (fresh && dir && !options.template && templateDir && fs.existsSync(path.join(templateDir, 'PG_VERSION'))) {
    const marker = path.join(templateDir, 'PG_VERSION');
    fs.cpSync(templateDir, dir, { recursive: true, filter: (from) => from !== marker });
    fs.copyFileSync(marker, path.join(dir, 'PG_VERSION'));
  }
  const template = fresh ? options.template : undefined;
  // PGlite takes its options only after a data folder: undefined there drops them (the template with them)
  const client = new PGlite(dir ?? 'memory://', {
    ...(template && { loadDataDir: template }),
    ...(options.pgliteWasm && { pgliteWasmModule: options.pgliteWasm }),
    ...(options.sharedBuffers && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${Math.floor(options.sharedBuffers / 1024)}kB`],
    }),
  });
  const current = (template && options.templateCurrent) || (await migrationsCurrent(client));
  if (!current) await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const changes = new PgliteChangeFeed();
  await changes.start(client);
  const db = drizzlePglite({
    client: (await drizzleClient(client)) as unknown as PGlite,
    schema,
    logger: changes.logger(options.logger),
  });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    changes,
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}
