// Compiles the server to ES modules, apps/server/dist/main.js and its chunks, so that `npm start` runs
// JavaScript and no TypeScript loader. The workspace's shared package and most packages are bundled in
// (KEPT_EXTERNAL lists those that stay in node_modules). Modules imported dynamically (the Redis bus,
// S3 storage) stay in chunks of their own, so their packages load only when configured. The SQL migrations are copied beside the bundle, where the
// database client looks for them, with an embedded database already initialised and migrated, from
// which a fresh data folder starts (initdb takes seconds).

import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');

// Packages that cannot be bundled (native code, WebAssembly and data files found beside their own code)
// or that load only when configured or used stay in node_modules; the rest is bundled, which saves Node
// resolving and compiling hundreds of small modules at every start.
const KEPT_EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@aws-sdk/',
  'ioredis',
  'pg',
  'pg-native',
  'nodemailer',
  'exceljs',
  // the invoice PDF (decision 039): pdfkit reads its font metrics, and the CJK font is a file, beside their code
  'pdfkit',
  '@embedpdf/fonts-sc',
  'mammoth',
  // thumbnails (files/thumbs.ts): libvips, prebuilt per platform
  'sharp',
  'svg-captcha',
  'esbuild',
];
const keptExternal = (spec) =>
  KEPT_EXTERNAL.some((k) => (k.endsWith('/') ? spec.startsWith(k) : spec === k || spec.startsWith(`${k}/`)));
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      keptExternal(args.path) || args.path.startsWith('node:') ? { external: true } : undefined,
    );
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
  sourcesContent: false,
  plugins: [externalPackages],
  // bundled CommonJS packages require Node's own modules
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

// the embedded database a fresh data folder starts from, as a data folder itself: copied whole, it opens
// as an existing one (decision 008's later note). Made beside, then renamed, so a start never copies half.
const templateDir = path.join(dist, 'pglite-template');
const making = `${templateDir}.${process.pid}`;
fs.rmSync(making, { recursive: true, force: true });
const template = new PGlite(making);
await migrate(drizzle(template), { migrationsFolder: path.join(dist, 'migrations') });
for (const line of fs.readFileSync(path.join(here, 'src/db/lean-template.sql'), 'utf8').split('\n'))
  if (line && !line.startsWith('--')) await template.exec(line);
await template.close();
fs.rmSync(templateDir, { recursive: true, force: true });
fs.renameSync(making, templateDir);
