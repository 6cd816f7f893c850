import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestDatabase } from './helpers';

/**
 * Makes the database refuse writes to a table until the answered function is called: a failure in
 * the middle of a service's work, where the code cannot be bent. `ops` are the trigger's events
 * (`insert or update` by default; add `or delete` for deletes), `when` a condition over NEW (or OLD).
 */
export async function refuseWrites(db: TestDatabase, table: string, { when = 'true', ops = 'insert or update' } = {}) {
  const name = `paiclass_test_refuse_${randomBytes(4).toString('hex')}`;
  await db.database.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`),
  );
  await db.database.db.execute(
    sql.raw(`create trigger ${name} before ${ops} on ${table} for each row when (${when}) execute function ${name}()`),
  );
  return async () => {
    await db.database.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.database.db.execute(sql.raw(`drop function ${name}()`));
  };
}
