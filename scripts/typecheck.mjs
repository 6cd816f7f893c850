// `npm run typecheck`: every TypeScript project checked with TypeScript 7's native compiler (the
// `typescript-native` alias of typescript@7: decision 056), as many at once as the machine has cores. Each
// project's errors are printed whole, after it ends, so two projects' output never interleaves. Exits 1 when
// any project has errors. TypeScript 5.9 stays the `typescript` package for the two readers of its compiler
// API (apps/web/build/contractPaths.ts, apps/server/test/contract.test.ts) and for editors.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// the package exports no path to its command: found beside its package.json
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');

// the longest first, so the short ones fill in beside them
const PROJECTS = ['apps/server', 'apps/web', 'e2e', 'bench', 'packages/shared'];
const parallel = Math.max(1, Math.min(os.availableParallelism(), PROJECTS.length));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
