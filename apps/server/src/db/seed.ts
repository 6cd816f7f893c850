import { academicYears } from '@paiclass/shared';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../modules/accounts/passwords';
import { importInstitution } from '../modules/institutions/institutions.service';
import type { AppContext } from '../platform/context';
import { settings, users } from './schema';

/** The demo accounts the README lists; the last one keeps a weak password to show the forced reset. */
export const DEMO_ACCOUNTS = [
  {
    username: '王老师',
    mobile: '13800000001',
    email: 'teacher@demo.paiclass.cn',
    password: 'Teach@2026',
    usertype: 1,
    stno: 'T001',
  },
  {
    username: '李同学',
    mobile: '13800000002',
    email: 'student1@demo.paiclass.cn',
    password: 'Study@2026',
    usertype: 0,
    stno: '2026001',
  },
  {
    username: '张同学',
    mobile: '13800000003',
    email: 'student2@demo.paiclass.cn',
    password: 'Study@2026',
    usertype: 0,
    stno: '2026002',
  },
  { username: '赵同学', mobile: '13800000004', email: 'weak@demo.paiclass.cn', password: '123456', usertype: 0, stno: '2026003' },
] as const;
export const DEMO_SCHOOL = 'PaiClass 示范学校';

/** Seeds the demo school once, on the first start of an embedded install. */
export async function seedDemo(ctx: AppContext, log: FastifyBaseLogger) {
  const claimed = await ctx.db
    .insert(settings)
    .values({ key: 'seeded', value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return;
  // the four hashes at once, on libuv's threads: argon2id's 19 MiB and two passes each are most of a first start's seeding
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await ctx.db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((a, i) => ({
        username: a.username,
        account: a.mobile,
        mobile: a.mobile,
        email: a.email,
        passwordHash: hashes[i]!,
        usertype: a.usertype,
        stno: a.stno,
        school: DEMO_SCHOOL,
      })),
    )
    .onConflictDoNothing();
  // the demo school as an institution: its roster is the demo accounts (with their phones), its timetable two courses of the demo teacher
  const semester = academicYears()[2] as string;
  await importInstitution(ctx.db, {
    name: DEMO_SCHOOL,
    // each person's phone is on the roster: certifying sends a code there (in development, to the outbox and the log)
    people: DEMO_ACCOUNTS.map((a) => ({ usertype: a.usertype, realname: a.username, realstno: a.stno, mobile: a.mobile })),
    classes: [
      {
        teachClass: 'DEMO-101',
        coursename: '大学语文',
        classname: '2026 级 1 班',
        semester,
        term: 1,
        teacherStno: 'T001',
        students: ['2026001', '2026002'],
      },
      {
        teachClass: 'DEMO-102',
        coursename: '大学英语',
        classname: '2026 级 2 班',
        semester,
        term: 1,
        teacherStno: 'T001',
        students: ['2026001', '2026003'],
      },
    ],
  });
  log.info('demo school seeded: see README for the accounts');
}
