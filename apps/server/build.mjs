// Compiles the server to ES modules, apps/server/dist/main.js and its chunks, so that `npm start` runs
// JavaScript and no TypeScript loader. Packages stay in node_modules; the workspace's shared package is
// bundled in. Modules imported dynamically (the Redis bus, S3 storage) stay in chunks of their own, so
// their packages load only when configured. The SQL migrations are copied beside the bundle, where the
// database client looks for them, with an embedded database already initialised and migrated, from
// which a fresh data folder starts (initdb takes seconds).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@paiclass/') ? undefined : { external: true }));
  },
};

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outdir: dist,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

const template = new PGlite();
await migrate(drizzle(template), { migrationsFolder: path.join(dist, 'migrations') });
const tarball = await template.dumpDataDir('gzip');
fs.writeFileSync(path.join(dist, 'pglite-template.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
await template.close();
