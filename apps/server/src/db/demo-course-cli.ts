import { buildApp } from '../app';
import { loadConfig } from '../config';
import { setDemoCourse } from '../modules/courses/demo.service';

/** `npm run course:demo -- <courseId> [off]`: offers a course as a demo course to certified teachers, or stops offering it. */
const [id, flag] = process.argv.slice(2);
if (!id || !/^\d+$/.test(id) || (flag !== undefined && flag !== 'off')) {
  console.error('usage: npm run course:demo -- <courseId> [off]');
  process.exit(2);
}
const app = await buildApp(loadConfig());
try {
  const result = await setDemoCourse(app.ctx.db, Number(id), flag !== 'off');
  console.log(`course ${result.courseid} is ${result.demo ? 'now' : 'no longer'} a demo course`);
} catch {
  console.error(`no course ${id}`);
  process.exitCode = 1;
} finally {
  await app.close();
}
