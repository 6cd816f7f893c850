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
  // the new one-time activation codes, to hand out: shown once here, stored only as hashes
  if (result.codes.length) {
    console.log(`${result.codes.length} new activation codes (usertype, number, name, code):`);
    for (const c of result.codes) console.log(`${c.usertype}\t${c.realstno}\t${c.realname}\t${c.code}`);
  }
} catch (e) {
  // a bad file names its first problems; nothing was written
  const issues = (e as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  console.error(
    issues
      ? issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('\n')
      : String((e as Error).message),
  );
  process.exitCode = 1;
} finally {
  await app.close();
}
