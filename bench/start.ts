// Start-up benchmark (issue #10): `npm start` as a user runs it, timed from the command to the first
// answer of /SchoolApi/getConfig, on a fresh data folder and then on the same folder again (the
// embedded PGlite database), three times each, beside `node bench/baseline.mjs` (a bare Fastify app)
// timed the same way. The web app and the server are built first, so no build is timed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { basePort, ensureWebBuild, log, root, runBench } from './server';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);

/** Milliseconds from spawning `command` to its first answer on `url`; the process is stopped after. */
async function firstAnswer(command: string, args: string[], env: NodeJS.ProcessEnv, url: string, body = '{}') {
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (res.ok) return Math.round(performance.now() - started);
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM'); // npm, its shell and the server
    await exited;
    // npm exits before the server it started has closed its database: the next start would meet the old
    // server still answering on the port (an "existing" start of 13 ms) and a data folder still in use
    await closed(url, body);
  }
}

/** Waits until nothing answers on `url` any more (at most 30 s). */
async function closed(url: string, body: string) {
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    try {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} still answers 30 s after its server was stopped`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await runBench(async () => {
  ensureWebBuild();
  const port = basePort + 2;
  const url = `http://127.0.0.1:${port}`;
  // the first run builds the server when its sources are newer: not timed
  const warm = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-start-'));
  await firstAnswer('npm', ['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: warm, DATABASE_URL: '', REDIS_URL: '' }, `${url}/SchoolApi/getConfig`);
  fs.rmSync(warm, { recursive: true, force: true });

  const fresh: number[] = [];
  const existing: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-start-'));
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' };
    fresh.push(await firstAnswer('npm', ['start'], env, `${url}/SchoolApi/getConfig`));
    existing.push(await firstAnswer('npm', ['start'], env, `${url}/SchoolApi/getConfig`));
    fs.rmSync(dataDir, { recursive: true, force: true });
    baseline.push(await firstAnswer(process.execPath, [path.join(root, 'bench/baseline.mjs')], { PORT: String(port) }, `${url}/baseline`));
    log(`round ${i + 1}: fresh ${fresh.at(-1)} ms, existing ${existing.at(-1)} ms, bare Fastify ${baseline.at(-1)} ms`);
  }
  return {
    bench: 'start',
    command: 'npm start (PGlite, built beforehand)',
    rounds: ROUNDS,
    freshDataDirMs: { median: median(fresh), all: fresh },
    existingDataDirMs: { median: median(existing), all: existing },
    bareFastifyMs: { median: median(baseline), all: baseline },
  };
});
