// Account-area benchmark: throughput of calls through the whole stack (routing, envelope, auth,
// database) measured in-process with app.inject, reported as ratios against a baseline call that
// touches no database, run in the same process on the same data. Prints one JSON result.
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DEMO_ACCOUNTS, seedDemo } from '../apps/server/src/db/seed';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const LOGIN_ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 40);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATABASE_URL ? undefined : 'memory' });
const config = loadConfig({ MODE: 'development', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `paiclass-bench-${Date.now()}`), WEB_DIST: '/nonexistent' });
const app = await buildApp(config, { database, logger: false });
await app.ready();
await seedDemo(app.ctx, app.log);
const demo = DEMO_ACCOUNTS[1];

async function perSecond(rounds: number, request: () => Promise<{ statusCode: number }>) {
  for (let i = 0; i < Math.min(50, rounds); i++) await request(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) {
    const res = await request();
    if (res.statusCode >= 400) throw new Error(`request failed: ${res.statusCode}`);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return rounds / seconds;
}

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) => () =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

const login = await app.inject({ method: 'POST', url: '/UserApi/login', payload: { email: demo.mobile, password: demo.password } });
const token = login.json().data.token as string;

const baseline = await perSecond(ROUNDS, post('/SchoolApi/getConfig'));
const userInfo = await perSecond(ROUNDS, post('/UserApi/getUserInfo', {}, { token }));
const caseFolded = await perSecond(ROUNDS, post('//userapi//GETUSERINFO', {}, { token }));
const figure = await perSecond(Math.floor(ROUNDS / 4), post('/UserApi/getFigureCode'));
const logins = await perSecond(LOGIN_ROUNDS, post('/UserApi/login', { email: demo.mobile, password: demo.password }));

console.log(
  JSON.stringify(
    {
      bench: 'accounts',
      driver: database.driver,
      rounds: ROUNDS,
      baseline: { call: 'SchoolApi/getConfig (no database)', perSecond: Math.round(baseline) },
      getUserInfo: { perSecond: Math.round(userInfo), ratioToBaseline: +(userInfo / baseline).toFixed(3) },
      caseFoldedPath: { perSecond: Math.round(caseFolded), ratioToExactPath: +(caseFolded / userInfo).toFixed(3) },
      getFigureCode: { perSecond: Math.round(figure), ratioToBaseline: +(figure / baseline).toFixed(3) },
      loginArgon2id: { perSecond: +logins.toFixed(1), ratioToBaseline: +(logins / baseline).toFixed(5) },
    },
    null,
    2,
  ),
);
await app.close();
await database.close();
