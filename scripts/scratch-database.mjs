// Makes or drops a database of its own on the PostgreSQL that DATABASE_URL names, for a stage that needs
// one (the browser journeys' server). `node scripts/scratch-database.mjs create NAME` prints the new
// database's address; `drop NAME` drops it, its connections closed first.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z_][a-z0-9_]{0,62}$/.test(name ?? '')) {
  console.error('usage: node scripts/scratch-database.mjs create|drop NAME (lower-case letters, digits, _)');
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 3000 });
await client.connect();
try {
  await client.query(`drop database if exists ${name} with (force)`);
  if (action === 'create') {
    await client.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    console.log(url.toString());
  }
} finally {
  await client.end();
}
