import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';

/*
 * The PostgreSQL database every test file copies (`create database … template`) when the tests run on
 * PostgreSQL (TEST_DB=postgres): migrated once per set of migrations, by the vitest global setup,
 * instead of once in each of some hundred test files. Named by the migrations' content, so a changed
 * migration makes a new one; the migrator still runs on top of each copy.
 */
const migrationsFolder = path.resolve(import.meta.dirname, '../src/db/migrations');
const usePostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);

/** The template's name for this run's migrations. */
export function postgresTemplateName() {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return `paiclass_tpl_${hash.digest('hex').slice(0, 16)}`;
}

const urlOf = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The prefix of this run's test databases: named after the run's own process, the parent of its
 * workers, so that its global teardown finds a database a worker made ahead for a next file that never
 * came (test/helpers.ts), and never touches another run's.
 */
export const runDatabasePrefix = (runner: number) => `paiclass_t_${runner}_`;

/** Makes the template when PostgreSQL is in use and this run's migrations have none yet (vitest globalSetup). */
export async function setup() {
  if (!usePostgres) return;
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
    if (rowCount) return;
    // made under another name, then renamed and marked: a run beside this one never copies half of it
    const partial = `${name}_${process.pid}`;
    await admin.query(`drop database if exists ${partial}`);
    await admin.query(`create database ${partial}`);
    const database = await openDatabase({ url: urlOf(partial) });
    await database.close();
    await admin.query(`alter database ${partial} rename to ${name}`).catch(async (error: { code?: string }) => {
      // another run made it first (42P04: it exists): ours goes
      if (error.code !== '42P04') throw error;
      await admin.query(`drop database if exists ${partial}`);
    });
    await admin.query(`alter database ${name} is_template true`);
  } finally {
    await admin.end();
  }
}

/** Drops this run's databases that are left: those made ahead for a next file in a worker that had none (vitest globalSetup). */
export async function teardown() {
  if (!usePostgres) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const prefix = runDatabasePrefix(process.pid);
  try {
    // a copy a worker started just before it was stopped may still be being made: it is waited for
    for (let i = 0; i < 40; i++) {
      const { rowCount } = await admin.query('select 1 from pg_stat_activity where starts_with(query, $1)', [
        `create database ${prefix}`,
      ]);
      if (!rowCount) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      prefix,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
