// `npm start`: builds the web app and the server when either is missing or older than its sources, then
// runs the one process that serves the API, the web app and the sockets, as compiled JavaScript.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time under the given files and folders (node_modules and dist skipped). */
function newest(...entries) {
  let latest = 0;
  for (const entry of entries) {
    const stat = fs.statSync(entry);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      continue;
    }
    for (const child of fs.readdirSync(entry)) {
      if (child === 'node_modules' || child === 'dist') continue;
      latest = Math.max(latest, newest(path.join(entry, child)));
    }
  }
  return latest;
}

function buildWhenStale(name, output, sources, script) {
  const at = (p) => path.join(root, p);
  if (fs.existsSync(at(output)) && fs.statSync(at(output)).mtimeMs >= newest(...sources.map(at))) return;
  console.log(`Building the ${name}…`);
  const built = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const shared = 'packages/shared/src';
buildWhenStale('web app', 'apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', shared], 'build:web');
buildWhenStale('server', 'apps/server/dist/main.js', ['apps/server/src', 'apps/server/build.mjs', shared], 'build:server');

// the server runs in this process (one Node start, not two); it handles SIGINT and SIGTERM itself
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
