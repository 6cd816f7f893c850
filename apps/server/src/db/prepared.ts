import type { Db } from './client';

/**
 * A query built and prepared once per database, for the calls every app-open makes: drizzle then
 * does not rebuild its SQL on each call, and PostgreSQL plans it once per connection. Its varying
 * parts are `sql.placeholder`s given to `execute`.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    const query = built.get(db) ?? build(db);
    built.set(db, query);
    return query;
  };
}
