import { ATTENDANCE_STATUS_VALUES, type StudentStatisticsRow } from '@paiclass/shared';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { attendanceRecords, attendances, courseClasses } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { authorize } from '../courses/courses.queries';
import { attended, effectiveState, hasEnded, runsAttendance } from './attendance.policy';
import { type Attendance, type AttendanceRecordRow, type CourseStudent, courseStudents } from './attendance.queries';
import { emptyCounts, presentAttendance, presentStaffAttendance, seconds } from './presenters';

/**
 * Attendance statistics (issue 13): per course, per student, per administrative class (the counsellor
 * views), and the .xlsx export. Only ended attendances count: an open one has no absentees yet.
 */

const rate = (counts: Record<string, number>, total: number) =>
  total === 0
    ? 0
    : Math.round((100 * Object.entries(counts).reduce((n, [s, c]) => n + (attended(Number(s)) ? c : 0), 0)) / total);

/** The course's attendances (not deleted) and every record of them, read once. */
async function courseBook(ctx: AppContext, courseId: number) {
  const [list, records, students] = await Promise.all([
    ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.courseId, courseId), isNull(attendances.deletedAt)))
      .orderBy(asc(attendances.createdAt)),
    ctx.db
      .select()
      .from(attendanceRecords)
      .innerJoin(attendances, eq(attendances.id, attendanceRecords.attendanceId))
      .where(and(eq(attendanceRecords.courseId, courseId), isNull(attendances.deletedAt))),
    courseStudents(ctx, courseId),
  ]);
  const byAttendance = new Map<number, Map<number, AttendanceRecordRow>>();
  for (const { attendance_records: r } of records) {
    const m = byAttendance.get(r.attendanceId) ?? new Map<number, AttendanceRecordRow>();
    byAttendance.set(r.attendanceId, m);
    m.set(r.userId, r);
  }
  const now = Date.now();
  return { list, ended: list.filter((a) => hasEnded(a, now)), byAttendance, students, now };
}
type Book = Awaited<ReturnType<typeof courseBook>>;

/** One student's row; the flagged count only for staff (issue 24: a student learns nothing of the flags). */
function studentRow(book: Book, s: CourseStudent, staff = true): StudentStatisticsRow {
  const counts = emptyCounts();
  delete counts['100'];
  let risky = 0;
  for (const a of book.ended) {
    const r = book.byAttendance.get(a.id)?.get(s.userId);
    const state = effectiveState(a, r, book.now);
    counts[String(state)] = (counts[String(state)] ?? 0) + 1;
    if (r?.risk.length) risky++;
  }
  return {
    userid: s.userId,
    username: s.username,
    stno: s.stno,
    classname: s.classname ?? '',
    counts,
    total: book.ended.length,
    rate: rate(counts, book.ended.length),
    ...(staff ? { risky } : {}),
  };
}

/**
 * `getStudentStatistics`: a student gets their own row (without the flagged count); the teacher and
 * assistants every student's, or one (`studentid`).
 */
export async function studentStatistics(ctx: AppContext, user: User, courseId: number, studentId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  const book = await courseBook(ctx, courseId);
  const staff = runsAttendance(m.role);
  const wanted = staff ? studentId : user.id;
  if (!staff && studentId && studentId !== user.id) throw fail('forbidden');
  const students = wanted ? book.students.filter((s) => s.userId === wanted) : book.students;
  if (wanted && students.length === 0) throw badField('validation.studentId', ['studentid']);
  return { lists: students.map((s) => studentRow(book, s, staff)) };
}

/** `getCourseStatistics` (staff): per ended attendance and over the course. */
export async function courseStatistics(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  const book = await courseBook(ctx, courseId);
  const total = emptyCounts();
  delete total['100'];
  const lists = book.ended.map((a) => {
    const item = presentStaffAttendance(a, book.students, book.byAttendance.get(a.id) ?? new Map(), book.now);
    const counts = { ...item.counts };
    delete counts['100'];
    for (const [s, c] of Object.entries(counts)) total[s] = (total[s] ?? 0) + c;
    return {
      id: a.id,
      title: a.title,
      type: a.type,
      createtime: seconds(a.createdAt),
      counts,
      rate: rate(counts, book.students.length),
    };
  });
  return {
    students: book.students.length,
    attendances: book.ended.length,
    counts: total,
    rate: rate(total, book.students.length * book.ended.length),
    lists: lists.reverse(),
  };
}

/**
 * `getAdminClassStatistics` (staff): the counsellor views (`counselorCheckin`,
 * `counselorAdminClassCheckin`) over the course's administrative classes — each class's rate, and one
 * class's students. PaiClass has no counsellor role (decision 013): the course's teacher and
 * assistants see these views.
 */
export async function adminClassStatistics(ctx: AppContext, user: User, courseId: number, classId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  const [book, classes] = await Promise.all([
    courseBook(ctx, courseId),
    ctx.db.select().from(courseClasses).where(eq(courseClasses.courseId, courseId)).orderBy(asc(courseClasses.name)),
  ]);
  if (classId && !classes.some((c) => c.id === classId)) throw badField('validation.invalid', ['classid']);
  const rows = book.students.map((s) => ({ s, row: studentRow(book, s) }));
  const summaries = classes.map((c) => {
    const mine = rows.filter((r) => r.s.classId === c.id);
    const counts = emptyCounts();
    delete counts['100'];
    for (const r of mine) for (const [k, v] of Object.entries(r.row.counts)) counts[k] = (counts[k] ?? 0) + v;
    return { classid: c.id, name: c.name, students: mine.length, counts, rate: rate(counts, mine.length * book.ended.length) };
  });
  return { classes: summaries, lists: classId ? rows.filter((r) => r.s.classId === classId).map((r) => r.row) : [] };
}

/** `/SummaryApi/attence`: the course's attendances, newest first, paged; staff get counts, a student their own status. */
export async function summary(ctx: AppContext, user: User, input: { courseid: number; page: number; size: number }) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  const staff = runsAttendance(m.role);
  const where = and(eq(attendances.courseId, input.courseid), isNull(attendances.deletedAt));
  const [[{ total } = { total: 0 }], page] = await Promise.all([
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(attendances).where(where),
    ctx.db
      .select()
      .from(attendances)
      .where(where)
      .orderBy(desc(attendances.createdAt), desc(attendances.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
  ]);
  const ids = page.map((a) => a.id);
  const records = ids.length
    ? await ctx.db
        .select()
        .from(attendanceRecords)
        .where(and(sql`${attendanceRecords.attendanceId} in ${ids}`, staff ? sql`true` : eq(attendanceRecords.userId, user.id)))
    : [];
  const by = new Map<number, Map<number, AttendanceRecordRow>>();
  for (const r of records) {
    const mm = by.get(r.attendanceId) ?? new Map<number, AttendanceRecordRow>();
    by.set(r.attendanceId, mm);
    mm.set(r.userId, r);
  }
  const students = staff ? await courseStudents(ctx, input.courseid) : [];
  const now = Date.now();
  return {
    total: Number(total),
    page: input.page,
    size: input.size,
    // under `data.data`, where Ketangpai's clients read it (and schedule a check-out from it)
    data: page.map((a: Attendance) => {
      const recs = by.get(a.id) ?? new Map();
      const item = presentAttendance(a, now);
      return {
        ...item,
        id: String(item.id),
        courseid: String(item.courseid),
        counts: staff ? presentStaffAttendance(a, students, recs, now).counts : {},
        mystate: staff ? -1 : effectiveState(a, recs.get(user.id), now),
      };
    }),
  };
}

/**
 * The statistics as an .xlsx workbook (staff): a sheet per student (counts by status, rate, flagged)
 * and a sheet of every student's status in every attendance.
 */
export async function exportStatistics(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'teachClass');
  const book = await courseBook(ctx, courseId);
  const lang = user.lang === 'en' ? 'en' : 'zh';
  const t = (k: string) => translate(lang, `attendance.export.${k}`);
  const status = (s: number) => translate(lang, `attendance.status.${s}`);
  const statuses = ATTENDANCE_STATUS_VALUES.filter((s) => s !== 100);
  const { default: ExcelJS } = await import('exceljs'); // only exports need it: not loaded at start-up
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PaiClass';
  const perStudent = workbook.addWorksheet(t('students'));
  perStudent.addRow([t('stno'), t('name'), t('class'), ...statuses.map(status), t('total'), t('rate'), t('risky')]);
  for (const s of book.students) {
    const r = studentRow(book, s);
    perStudent.addRow([
      r.stno,
      r.username,
      r.classname,
      ...statuses.map((st) => r.counts[String(st)] ?? 0),
      r.total,
      r.rate / 100,
      r.risky ?? 0,
    ]);
  }
  perStudent.getColumn(statuses.length + 5).numFmt = '0%';
  const matrix = workbook.addWorksheet(t('records'));
  matrix.addRow([
    t('stno'),
    t('name'),
    ...book.ended.map(
      (a) =>
        `${a.title} (${new Date(a.createdAt.getTime() + ctx.config.tzOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ')})`,
    ),
  ]);
  for (const s of book.students)
    matrix.addRow([
      s.stno,
      s.username,
      ...book.ended.map((a) => status(effectiveState(a, book.byAttendance.get(a.id)?.get(s.userId), book.now))),
    ]);
  for (const sheet of [perStudent, matrix]) {
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
    sheet.columns.forEach((col, i) => {
      col.width = i < 3 ? 14 : 12;
    });
  }
  return { name: `${m.course.coursename}-${t('sheet')}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
