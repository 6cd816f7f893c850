import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/*
 * The embedded database every PGlite test starts from: initialised and migrated once per run (by the
 * vitest global setup), as the server build makes its template, and left its one database
 * (lean-template.sql). Kept uncompressed: 31 MB, started in 0.44-0.45 s on this machine, against 46 MB
 * and 0.55-0.69 s with initdb's template databases (0.77 s on an earlier machine when it was gzipped);
 * initdb and the migrations took 2.3-3.4 s, in each of some 130 test files. Named by the migrations'
 * content and lean-template.sql's, so a change makes a new one, and a database started from it needs no
 * migrator run (test/helpers.ts).
 */
const migrationsFolder = path.resolve(import.meta.dirname, '../src/db/migrations');
// what leaves the template its one database (the build's template runs it too)
const leanTemplate = path.resolve(import.meta.dirname, '../src/db/lean-template.sql');

function templateFile() {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(leanTemplate));
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return path.join(os.tmpdir(), `paiclass-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the template when this run's migrations have none yet (vitest globalSetup). */
export async function setup() {
  const file = templateFile();
  if (fs.existsSync(file)) return;
  const template = new PGlite();
  await migrate(drizzle(template), { migrationsFolder });
  for (const line of fs.readFileSync(leanTemplate, 'utf8').split('\n'))
    if (line && !line.startsWith('--')) await template.exec(line);
  const tarball = await template.dumpDataDir('none');
  await template.close();
  // written whole, then renamed: a run beside this one never reads half a file
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  fs.renameSync(partial, file);
}

let loaded: Blob | undefined;
/** The template for a test database, or undefined when no setup made one (a test file run on its own still works). */
export function pgliteTemplate(): Blob | undefined {
  if (loaded) return loaded;
  const file = templateFile();
  if (!fs.existsSync(file)) return undefined;
  loaded = new Blob([fs.readFileSync(file)]);
  return loaded;
}

let compiled: Promise<WebAssembly.Module> | undefined;
/** PGlite's WebAssembly, compiled once per test worker (each file's database would compile it again). */
export function pgliteWasm(): Promise<WebAssembly.Module> {
  // beside the package's entry (dist/index.cjs); the package exports no path to it
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  compiled ??= WebAssembly.compile(fs.readFileSync(path.join(dist, 'pglite.wasm')));
  return compiled;
}
