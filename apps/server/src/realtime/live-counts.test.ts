import { randomBytes } from 'node:crypto';
import { COURSE_MEMBERS_CMD, HOMEWORK_SUBMITTED_CMD, TEST_PROGRESS_CMD, TEST_SCORES_CMD } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person, person } from '../../test/exams';
import { call, type TestDatabase, testApp, testDatabase, upload } from '../../test/helpers';
import { connect, openSocket, socketUrl } from '../../test/sockets';

/**
 * Issue 25, "counts that need a reload today": the pages that count (the course home's students, a
 * test's not started / handed in, homework's submitted) and a student's result page hear of the change
 * on the classroom socket, and only those who may see it do.
 */
let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  room = await classroom(app, 2);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const staffAndStudent = async () => ({
  teacher: await openSocket(socketUrl(app), room.owner.token, { courseId: room.courseid }),
  student: await openSocket(socketUrl(app), room.students[0]!.token, { courseId: room.courseid }),
});

describe('counts that follow without a reload', () => {
  it('answers a setActive that asks (ack) once in the course’s rooms, and a setActive that does not ask with nothing', async () => {
    const s = await connect(socketUrl(app), room.owner.token);
    await s.send({ cmd: 'AttendClass.setActive', data: { classId: room.courseid, classTimeId: 0 } });
    expect(s.events('AttendClass.active')).toHaveLength(0);
    await s.send({ cmd: 'AttendClass.setActive', data: { classId: room.courseid, classTimeId: 0, ack: 1 } });
    expect(s.events('AttendClass.active')).toEqual([
      { cmd: 'AttendClass.active', code: 0, msg: '', data: { courseid: room.courseid } },
    ]);
    // a course the caller is not in: refused, and no ack
    await s.send({ cmd: 'AttendClass.setActive', data: { classId: room.courseid + 1000, classTimeId: 0, ack: 1 } });
    expect(s.events('AttendClass.active')).toHaveLength(1);
    expect(s.events('User.error')).toHaveLength(1);
    s.close();
  });

  it('tells the teacher, not the students, when a student joins or is removed', async () => {
    const { teacher, student } = await staffAndStudent();
    const newcomer = await person(app, 0, '新同学');
    const heard = new Promise((resolve) => teacher.on(COURSE_MEMBERS_CMD, resolve));
    must(await call(app, '/CourseApi/joinCourse', { code: room.code }, { token: newcomer.token }), 'join');
    expect(await heard).toMatchObject({ data: { courseid: room.courseid } });

    const removed = new Promise((resolve) => teacher.on(COURSE_MEMBERS_CMD, resolve));
    must(
      await call(app, '/Futurev2/Student/remove', { courseid: room.courseid, uids: [newcomer.uid] }, { token: room.owner.token }),
      'remove',
    );
    await removed;
    // a ping round trip: anything sent to the student before it has arrived
    await student.send();
    expect(student.events(COURSE_MEMBERS_CMD)).toHaveLength(0);
    expect(teacher.events(COURSE_MEMBERS_CMD)).toHaveLength(2);
    teacher.close();
    student.close();
  });

  it('tells the teacher of a paper started and handed in, and every student of scores published', async () => {
    const add = must(
      await call(
        app,
        '/QuestionBankApi/addQuestion',
        { courseid: room.courseid, type: 1, title: '<p>判断</p>', answer: '1', score: 2 },
        { token: room.owner.token },
      ),
      'q',
    );
    const paper = must(
      await call(
        app,
        '/TestpaperApi/addTestpaper',
        { courseid: room.courseid, title: '随堂测', fixed: [add.id], releasescore: 0 },
        { token: room.owner.token },
      ),
      'paper',
    );
    must(
      await call(app, '/TestpaperApi/publishTestpaper', { courseid: room.courseid, id: paper.id }, { token: room.owner.token }),
      'pub',
    );
    const { teacher, student } = await staffAndStudent();
    const me: Person = room.students[0]!;
    const started = must(
      await call(app, '/TestpaperApi/doSubjectList', { courseid: room.courseid, testpaperid: paper.id }, { token: me.token }),
      'start',
    );
    // the start was announced before the hand-in is asked for
    await expect.poll(() => teacher.events(TEST_PROGRESS_CMD).length).toBe(1);
    const handed = new Promise((resolve) => teacher.on(TEST_PROGRESS_CMD, resolve));
    must(
      await call(
        app,
        '/TestpaperApi/handup',
        {
          courseid: room.courseid,
          testpaperid: paper.id,
          answers: [{ subjectid: started.lists[0].id, answer: '1', seq: 1 }],
        },
        { token: me.token },
      ),
      'handup',
    );
    expect(await handed).toMatchObject({ data: { testpaperid: paper.id, userid: me.uid, state: 3 } });
    await student.send();
    expect(student.events(TEST_PROGRESS_CMD)).toHaveLength(0);

    const scores = new Promise((resolve) => student.on(TEST_SCORES_CMD, resolve));
    must(
      await call(app, '/TestpaperApi/publishScores', { courseid: room.courseid, id: paper.id }, { token: room.owner.token }),
      'scores',
    );
    expect(await scores).toMatchObject({ data: { courseid: room.courseid, testpaperid: paper.id } });
    teacher.close();
    student.close();
  });

  it('tells the teacher, not the class, of homework handed in', async () => {
    const hw = must(
      await call(
        app,
        '/HomeworkApi/addHomework',
        { courseid: room.courseid, title: '读书报告', fullscore: 100, endtime: Math.floor(Date.now() / 1000) + 86400 },
        { token: room.owner.token },
      ),
      'homework',
    );
    const { teacher, student } = await staffAndStudent();
    const s = room.students[1]!;
    const file = await upload(
      app,
      '/UploadApi/uploadV2',
      s.token,
      {},
      { name: 'essay.txt', data: Buffer.from(`作业 ${randomBytes(8).toString('hex')}`) },
    );
    const heard = new Promise((resolve) => teacher.on(HOMEWORK_SUBMITTED_CMD, resolve));
    must(
      await call(
        app,
        '/HomeworkApi/stuWorkSubmit',
        { courseid: room.courseid, id: hw.id, fileids: [file.data.file.id] },
        { token: s.token },
      ),
      'submit',
    );
    expect(await heard).toMatchObject({ data: { courseid: room.courseid, homeworkid: hw.id } });
    await student.send();
    expect(student.events(HOMEWORK_SUBMITTED_CMD)).toHaveLength(0);
    teacher.close();
    student.close();
  });
});
