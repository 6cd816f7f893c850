// What every benchmark shares: the real server started as its own process on a loopback port with a
// fresh data folder (and a fresh PostgreSQL database when DATABASE_URL is set), the bare Fastify
// baseline process, the web build, and a clean stop of everything started. Progress goes to stderr,
// so that stdout carries only the JSON result.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
export const log = (...parts: unknown[]) => console.error('[bench]', ...parts);

/** The first port of a script's range (the bench uses BENCH_PORT … BENCH_PORT + 9). */
export const basePort = Number(process.env.BENCH_PORT ?? 3500);
export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Debian's Chromium and the flags the benchmarks start it with. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'];
export const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void>> = [];

/** Stops every process and database this script started, newest first; safe to call twice. */
export async function stopAll() {
  while (cleanups.length) await cleanups.pop()!().catch((e) => log('cleanup failed:', e));
}
// a crash or Ctrl-C must not leave servers or browsers behind
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(130));
  });
}
/** Registers an asynchronous clean-up (a browser, a database) run by stopAll. */
export const onStop = (cleanup: () => Promise<void>) => cleanups.push(cleanup);

/** Runs a script's main: prints its result as JSON on stdout, and always stops what it started. */
export async function runBench(main: () => Promise<unknown>) {
  let failed = false;
  try {
    const result = await main();
    console.log(JSON.stringify(result, null, 2));
  } catch (e) {
    failed = true;
    console.error(e);
  } finally {
    await stopAll();
  }
  process.exit(failed ? 1 : (process.exitCode ?? 0));
}

function spawnTracked(args: string[], env: NodeJS.ProcessEnv, logFile: string) {
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

const tail = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
};

/** Waits until POST `path` answers 2xx, or fails with the log's last lines when the process dies or 120 s pass. */
async function waitReady(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before answering; its log:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no answer from ${url} within 120 s; the log:\n${tail(logFile)}`);
}

/** A fresh PostgreSQL database on the DATABASE_URL server, dropped at the end; undefined on PGlite. */
async function freshDatabase(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `paiclass_bench_${process.pid}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onStop(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
    log(`dropped database ${name}`);
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  log(`created database ${name}`);
  return url.toString();
}

let serverCommand: { args: string[]; label: string } | undefined;

/**
 * How the server runs: the compiled build (apps/server/dist/main.js, made by `npm run build:server`
 * when the root package.json has that script) or, without one, the TypeScript sources through tsx.
 */
function resolveServerCommand() {
  if (serverCommand) return serverCommand;
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  if (scripts['build:server']) {
    log('npm run build:server');
    const built = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (built.status !== 0) log(`npm run build:server failed (${built.status}): falling back to what exists`);
  }
  const compiled = path.join(root, 'apps/server/dist/main.js');
  serverCommand = fs.existsSync(compiled)
    ? { args: [compiled], label: 'node apps/server/dist/main.js' }
    : {
        args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
        label: 'node --import tsx apps/server/src/main.ts',
      };
  log(`server command: ${serverCommand.label}`);
  return serverCommand;
}

export type RunningServer = {
  url: string;
  command: string;
  driver: 'pglite' | 'postgres';
  redis: boolean;
  /** from spawning the process to its first 2xx answer, on a fresh data folder */
  firstAnswerMs: number;
  logFile: string;
  /** the fresh PostgreSQL database the server runs on (undefined on PGlite) */
  databaseUrl?: string;
  /** its data folder (files, and PGlite's database when there is no DATABASE_URL) */
  dataDir: string;
  /** kills the process at once (SIGKILL), as a crash or a pulled plug would */
  crash: () => void;
  /** starts the process again on the same data; resolves when it answers */
  restart: () => Promise<number>;
  /** the CPU profile written when the server stopped (BENCH_PROFILE=1) */
  profileFile: () => string | undefined;
  stop: () => Promise<void>;
};

/**
 * Starts the real server as its own process on 127.0.0.1:port with a fresh data folder,
 * MODE=development, LOG_LEVEL=info (request logging on, written to a file as it would be to a log
 * collector) and the demo school seeded. `profile` runs it under `node --cpu-prof`. `beside` starts a
 * second instance of a running server (PostgreSQL only): the same database and data folder (storage
 * shared as S3 would be), its own log; the data folder is left to the first instance to remove.
 */
export async function startServer(
  port: number,
  options: { profile?: boolean; beside?: RunningServer } = {},
): Promise<RunningServer> {
  const command = resolveServerCommand();
  const beside = options.beside;
  if (beside && !beside.databaseUrl) throw new Error('a second instance needs PostgreSQL: set DATABASE_URL');
  const dataDir = beside?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-bench-'));
  const databaseUrl = beside?.databaseUrl ?? (await freshDatabase());
  const logFile = beside ? path.join(dataDir, `server-${port}.log`) : path.join(dataDir, 'server.log');
  // one folder per run: Node writes a profile per thread (a loader like tsx has a thread of its own)
  const profileDir = path.join(root, '.tmp/prof', `server-${new Date().toISOString().replace(/[:.]/g, '-')}-${port}`);
  const args = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...command.args] : command.args;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MODE: 'development',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    // no lives' nginx-rtmp unless a bench asks for it: a killed instance (bench:chat) would leave it behind
    LIVE_INGEST: process.env.LIVE_INGEST ?? 'false',
    // the server's own V8 flags, apart from the bench's (say --perf-basic-prof for `perf record`)
    NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '',
  };
  const started = performance.now();
  let child = spawnTracked(args, env, logFile);
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopChild(child);
    if (!beside) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  onStop(stop);
  await waitReady(`${url}/SchoolApi/getConfig`, child, logFile);
  const firstAnswerMs = Math.round(performance.now() - started);
  log(
    `server on ${url} (pid ${child.pid}, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ', Redis' : ''}) answered after ${firstAnswerMs} ms`,
  );
  return {
    url,
    command: options.profile ? `node --cpu-prof ${command.label.replace(/^node /, '')}` : command.label,
    driver: databaseUrl ? 'postgres' : 'pglite',
    redis: Boolean(process.env.REDIS_URL),
    firstAnswerMs,
    logFile,
    databaseUrl,
    dataDir,
    crash: () => {
      child.kill('SIGKILL');
    },
    restart: async () => {
      const again = performance.now();
      child = spawnTracked(args, env, logFile);
      await waitReady(`${url}/SchoolApi/getConfig`, child, logFile);
      return Math.round(performance.now() - again);
    },
    profileFile: () => {
      // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the main thread is thread 0
      const files = fs.existsSync(profileDir) ? fs.readdirSync(profileDir) : [];
      const main = files.find((f) => f.split('.')[4] === '0');
      return main ? path.join(profileDir, main) : undefined;
    },
    stop,
  };
}

/**
 * The baseline: a bare Fastify app (bench/baseline.mjs) in its own process, on the same Node; or
 * another baseline script of bench/ that answers a POST to `readyPath` once it listens.
 */
export async function startBaseline(port: number, script = 'baseline.mjs', readyPath = '/baseline') {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-baseline-')), 'baseline.log');
  const child = spawnTracked([path.join(root, 'bench', script)], { ...process.env, PORT: String(port) }, logFile);
  onStop(async () => {
    await stopChild(child);
    fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}${readyPath}`, child, logFile);
  return { url, path: readyPath };
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds the web app when apps/web/dist is missing or older than its sources (as `npm start` does). */
export function ensureWebBuild() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/shared/src')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return 'existing';
  log('building the web app (npm run build -w apps/web)…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) throw new Error(`the web build failed (${built.status})`);
  return 'built';
}
