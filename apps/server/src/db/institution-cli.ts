import fs from 'node:fs';
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
  const result = await importInstitution(app.ctx.db, JSON.parse(fs.readFileSync(file, 'utf8')));
  console.log(`imported ${result.jigou} (id ${result.jigouid}): ${result.people} people, ${result.classes} scheduled courses`);
} finally {
  await app.close();
}
