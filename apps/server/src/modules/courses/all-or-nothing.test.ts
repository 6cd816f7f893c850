import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseForm, newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, STRONG, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { refuseWrites } from '../../../test/refuse-writes';
import { courses, groupMembers, groups } from '../../db/schema';

/*
 * Issue 11 (5): a course call that fails part-way changes nothing — its rows and the jobs it
 * schedules or cancels are one transaction. A failure is injected where the code cannot be bent:
 * the database refuses one of the writes.
 */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const failed = { status: 0, code: 50000 };
const courseRow = async (id: number) => (await app.ctx.db.select().from(courses).where(eq(courses.id, id)))[0]!;

describe('a course call that fails part-way changes nothing', () => {
  it('creates no course when its weekly member notice cannot be scheduled', async () => {
    const teacher = await newTeacher(app);
    const restore = await refuseWrites(db, 'jobs', { when: "NEW.kind = 'member-notice'" });
    try {
      expect(
        await call(app, '/CourseApi/createCourse', courseForm({ coursename: '注定失败' }), { token: teacher.token }),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect(await app.ctx.db.select().from(courses).where(eq(courses.ownerId, teacher.uid))).toEqual([]);
  });

  it('deletes no course when its member notice cannot be cancelled', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const restore = await refuseWrites(db, 'jobs', { ops: 'delete', when: `OLD.key = 'member-notice:${course.id}'` });
    try {
      expect(
        await call(app, '/CourseApi/deleteCourse', { courseid: course.id, password: STRONG }, { token: teacher.token }),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect((await courseRow(course.id)).deletedAt).toBeNull();
  });

  it('keeps the member-notice setting when its job cannot be moved', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const before = await courseRow(course.id);
    const restore = await refuseWrites(db, 'jobs', { when: "NEW.kind = 'member-notice'" });
    try {
      expect(
        await call(
          app,
          '/CourseApi/saveMemberSetting',
          { courseid: course.id, notify: 1, weekday: 2, time: '08:00' },
          { token: teacher.token },
        ),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect(await courseRow(course.id)).toMatchObject({
      memberNotifyDay: before.memberNotifyDay,
      memberNotifyTime: before.memberNotifyTime,
    });
  });

  it('keeps the menus when the template cannot be saved with them', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const before = await courseRow(course.id);
    const restore = await refuseWrites(db, 'courses', { ops: 'update', when: 'NEW.template IS DISTINCT FROM OLD.template' });
    try {
      expect(
        await call(
          app,
          '/Futurev2/CourseTemplate/updateSetting',
          { courseid: course.id, type: 2, modules: [{ key: 'homework', name: '作业' }] },
          { token: teacher.token },
        ),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect(await courseRow(course.id)).toMatchObject({ modules: before.modules, template: before.template });
  });

  it('keeps a group leader in the group when the leader place cannot be cleared', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const student = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
    const set = (
      await call(app, '/CourseGroupActivityApi/add', { courseid: course.id, title: '分组', type: 1 }, { token: teacher.token })
    ).data;
    const group = (
      await call(app, '/CourseGroupApi/add', { courseid: course.id, setid: set.id, name: '一组' }, { token: teacher.token })
    ).data;
    await call(
      app,
      '/CourseGroupApi/join',
      { courseid: course.id, groupid: group.id, uids: [student.uid] },
      { token: teacher.token },
    );
    await call(
      app,
      '/Futurev2/Student/leader',
      { courseid: course.id, groupid: group.id, uid: student.uid },
      { token: teacher.token },
    );
    const restore = await refuseWrites(db, 'groups', { ops: 'update', when: 'NEW.leader_id IS NULL' });
    try {
      expect(
        await call(
          app,
          '/CourseGroupApi/quit',
          { courseid: course.id, groupid: group.id, uids: [student.uid] },
          { token: teacher.token },
        ),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect(
      await app.ctx.db
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, student.uid))),
    ).toHaveLength(1);
    expect((await app.ctx.db.select().from(groups).where(eq(groups.id, group.id)))[0]!.leaderId).toBe(student.uid);
  });
});
