import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { importInstitution } from '../modules/institutions/institutions.service';

/** `npm run institution:import -- file.json`: an institution's roster and timetable (see docs/api.md, Institutions). */
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run institution:import -- <file.json>');
  process.exit(2);
}
const app = await buildApp(loadConfig());
try {
  const result = await importInstitution(
    app.ctx.db,
    JSON.parse(fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8')),
  );
  console.log(`imported ${result.jigou} (id ${result.jigouid}): ${result.people} people, ${result.classes} scheduled courses`);
} finally {
  await app.close();
}
