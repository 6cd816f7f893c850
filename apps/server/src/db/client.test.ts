import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate, pgliteWasm } from '../../test/pglite-template';
import { migrationsCurrent } from './client';

describe('the start of an embedded database (issue 23)', () => {
  it('runs the migrator only when the database lacks a committed migration', async () => {
    // the run's migrated template (the global setup makes it, as the server build makes its own)
    const template = pgliteTemplate();
    expect(template, 'the vitest global setup makes the template').toBeDefined();
    const client = new PGlite('memory://', { loadDataDir: template, pgliteWasmModule: await pgliteWasm() });
    try {
      expect(await migrationsCurrent(client)).toBe(true);
      // the newest migration not recorded: the migrator must run
      await client.query(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      expect(await migrationsCurrent(client)).toBe(false);
      // no migrations table at all (a database initialised but never migrated)
      await client.query('alter schema drizzle rename to drizzle_gone');
      expect(await migrationsCurrent(client)).toBe(false);
    } finally {
      await client.close();
    }
  });
});
