// Finds the PostgreSQL and Redis the test stages can use, and prints shell assignments for them.
// An address already set (DATABASE_URL, REDIS_URL) is checked as it is; otherwise the machine's
// own services are tried: PostgreSQL on 127.0.0.1:5432 (database `test`, trust) and Redis on
// 127.0.0.1:6379. A service counts only if it answers: PostgreSQL must let us create and drop a
// database (each test file makes its own), Redis must answer PING. Reasons go to stderr, so that
// `eval "$(node scripts/services.mjs)"` takes only the assignments.
import net from 'node:net';
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 3000;

/** Strips the password from an address before it is printed. */
function shown(address) {
  try {
    const url = new URL(address);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(an address that does not parse)';
  }
}

async function postgresAnswers(address) {
  const client = new pg.Client({ connectionString: address, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    const name = `paiclass_probe_${process.pid}`;
    await client.query(`create database ${name}`);
    await client.query(`drop database ${name}`);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function redisAnswers(address) {
  return new Promise((resolve) => {
    let url;
    try {
      url = new URL(address);
    } catch {
      resolve('the address does not parse');
      return;
    }
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (reason) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(TIMEOUT_MS, () => done('no answer'));
    socket.on('error', (error) => done(error.message));
    socket.on('connect', () => {
      const auth = url.password ? `AUTH ${decodeURIComponent(url.password)}\r\n` : '';
      socket.write(`${auth}PING\r\n`);
    });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('+PONG')) done(null);
      else if (received.startsWith('-')) done(received.trim());
    });
  });
}

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const [pgFault, redisFault] = await Promise.all([postgresAnswers(databaseUrl), redisAnswers(redisUrl)]);

if (pgFault) console.error(`PostgreSQL at ${shown(databaseUrl)} does not answer (${pgFault}): its stages are skipped.`);
else console.log(`export DATABASE_URL='${databaseUrl}'`);
if (redisFault) console.error(`Redis at ${shown(redisUrl)} does not answer (${redisFault}): its stages are skipped.`);
else console.log(`export REDIS_URL='${redisUrl}'`);
if (pgFault) console.log('unset DATABASE_URL');
if (redisFault) console.log('unset REDIS_URL');
