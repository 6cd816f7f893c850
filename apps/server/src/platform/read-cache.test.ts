import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseForm, newCourse, newTeacher } from '../../test/courses';
import { call, QueryCounter, registerUser, type TestDatabase, testApp, testDatabase, usePostgres } from '../../test/helpers';
import { type ChangeFeed, UNWATCHED_TABLES } from '../db/change-feed';
import { courses } from '../db/schema';
import { ReadCache } from './read-cache';

const counter = new QueryCounter();
let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase({ logger: counter });
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const studyList = (token: string) =>
  call(app, '/CourseApi/semesterCourseList', { isstudy: 1, semester: '', term: '' }, { token });
const teachList = (token: string) =>
  call(app, '/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '' }, { token });
const todos = (token: string) => call(app, '/todoApi/getIndexList', {}, { token });
const names = (res: { data: Array<{ coursename: string }> }) => res.data.map((c) => c.coursename);

describe('the app-open reads kept in memory', () => {
  it('answers a repeated course list and to-do list without a query, the same as the first time', async () => {
    const teacher = await newTeacher(app);
    await newCourse(app, teacher.token, { coursename: '缓存 一' });
    const first = await counter.measure(() => teachList(teacher.token));
    const again = await counter.measure(() => teachList(teacher.token));
    expect(first.queries).toBeGreaterThan(0);
    expect(again.queries).toBe(0);
    expect(again.result).toEqual(first.result);
    await todos(teacher.token);
    expect((await counter.measure(() => todos(teacher.token))).queries).toBe(0);
  });

  it('shows a course the caller just joined, and the new student in the teacher’s count', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token, { coursename: '缓存 加入' });
    const student = await registerUser(app);
    expect(names(await studyList(student.token))).toEqual([]);
    expect((await teachList(teacher.token)).data[0].total).toBe(0);
    expect((await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token })).status).toBe(1);
    expect(names(await studyList(student.token))).toEqual(['缓存 加入']);
    expect((await teachList(teacher.token)).data[0].total).toBe(1);
  });

  it('follows another user’s changes: a renamed course and a new announcement', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token, { coursename: '缓存 改名前' });
    const student = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
    expect(names(await studyList(student.token))).toEqual(['缓存 改名前']);
    expect((await todos(student.token)).data.total).toBe(0);

    const edited = await call(
      app,
      '/CourseApi/editCourse',
      { id: course.id, ...courseForm({ coursename: '缓存 改名后' }) },
      { token: teacher.token },
    );
    expect(edited.status).toBe(1);
    const notice = { courseid: course.id, contenttype: 7, title: '缓存通知', content: '<p>明天上课</p>', publish: 1 };
    expect((await call(app, '/FutureV2/CourseMeans/addContent', notice, { token: teacher.token })).status).toBe(1);

    expect(names(await studyList(student.token))).toEqual(['缓存 改名后']);
    const after = await todos(student.token);
    expect(after.data.total).toBe(1);
    expect(after.data.list[0].contenttitle).toBe('缓存通知');
  });

  it('follows a write made straight to the database, as a job or another process makes it', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token, { coursename: '缓存 直写前' });
    expect(names(await teachList(teacher.token))).toEqual(['缓存 直写前']);
    await app.ctx.db.update(courses).set({ coursename: '缓存 直写后' }).where(sql`${courses.id} = ${course.id}`);
    expect(names(await teachList(teacher.token))).toEqual(['缓存 直写后']);
  });

  it('puts the change trigger on every table but the unwatched ones', async () => {
    const rows = await app.ctx.db.execute<{ table_name: string; watched: boolean }>(sql`
      select t.table_name, exists (
        select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where c.relname = t.table_name and g.tgname = 'paiclass_changed' and c.relnamespace = to_regnamespace(current_schema())
      ) as watched
      from information_schema.tables t where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'`);
    const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows) as Array<{
      table_name: string;
      watched: boolean;
    }>;
    expect(list.length).toBeGreaterThan(20);
    const missing = list.filter((r) => !r.watched && !UNWATCHED_TABLES.includes(r.table_name)).map((r) => r.table_name);
    expect(missing).toEqual([]);
  });

  it.runIf(usePostgres)('answers another instance’s change once the notification arrives', async () => {
    const other = await testApp(db);
    try {
      const teacher = await newTeacher(app);
      const course = await newCourse(app, teacher.token, { coursename: '缓存 实例一' });
      expect(
        names(
          await call(other, '/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '' }, { token: teacher.token }),
        ),
      ).toEqual(['缓存 实例一']);
      await call(
        app,
        '/CourseApi/editCourse',
        { id: course.id, ...courseForm({ coursename: '缓存 实例二' }) },
        { token: teacher.token },
      );
      let seen: string[] = [];
      for (let i = 0; i < 40; i++) {
        seen = names(
          await call(other, '/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '' }, { token: teacher.token }),
        );
        if (seen[0] === '缓存 实例二') break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(seen).toEqual(['缓存 实例二']);
    } finally {
      await other.close();
    }
  });
});

/** A feed driven by the test: it says when it listens, what changed, and when its fence passes. */
class FakeFeed implements ChangeFeed {
  writes = 0;
  listening = true;
  private listener?: { onTags: (tags: string[]) => void; onReset: () => void };
  fences = 0;
  wrote() {
    this.writes++;
  }
  subscribe(onTags: (tags: string[]) => void, onReset: () => void) {
    this.listener = { onTags, onReset };
    return () => {};
  }
  change(...tags: string[]) {
    this.listener?.onTags(tags);
  }
  reset() {
    this.listener?.onReset();
  }
  async fence() {
    this.fences++;
  }
  async close() {}
}

describe('ReadCache', () => {
  const reader =
    (value: () => number, tags = ['c1'], until?: number) =>
    async () => ({ value: value(), tags, until });

  it('keeps a value until one of its tags changes', async () => {
    const feed = new FakeFeed();
    const cache = new ReadCache(feed);
    let n = 0;
    expect(
      await cache.remember(
        'k',
        reader(() => ++n, ['c1', 'u2']),
      ),
    ).toBe(1);
    expect(
      await cache.remember(
        'k',
        reader(() => ++n, ['c1', 'u2']),
      ),
    ).toBe(1);
    feed.change('c9');
    expect(
      await cache.remember(
        'k',
        reader(() => ++n, ['c1', 'u2']),
      ),
    ).toBe(1);
    feed.change('u2');
    expect(
      await cache.remember(
        'k',
        reader(() => ++n, ['c1', 'u2']),
      ),
    ).toBe(2);
  });

  it('does not keep a read that a change overlapped', async () => {
    const feed = new FakeFeed();
    const cache = new ReadCache(feed);
    let n = 0;
    await cache.remember('k', async () => {
      feed.change('c1'); // committed while the read ran: what it read may be old
      return { value: ++n, tags: ['c1'] };
    });
    expect(
      await cache.remember(
        'k',
        reader(() => ++n),
      ),
    ).toBe(2);
  });

  it('waits for the fence after a write of its own, and keeps nothing while the feed is down', async () => {
    const feed = new FakeFeed();
    const cache = new ReadCache(feed);
    let n = 0;
    await cache.remember(
      'k',
      reader(() => ++n),
    );
    feed.wrote();
    await cache.remember(
      'k',
      reader(() => ++n),
    );
    expect(feed.fences).toBe(1);
    await cache.remember(
      'k',
      reader(() => ++n),
    );
    expect(feed.fences).toBe(1);
    feed.listening = false;
    feed.reset();
    expect(
      await cache.remember(
        'k',
        reader(() => ++n),
      ),
    ).toBe(2);
    expect(
      await cache.remember(
        'k',
        reader(() => ++n),
      ),
    ).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('ends an entry when time changes the answer, and at its maximum age', async () => {
    const feed = new FakeFeed();
    const cache = new ReadCache(feed, 60);
    let n = 0;
    await cache.remember(
      'deadline',
      reader(() => ++n, ['c1'], Date.now() + 30),
    );
    await cache.remember(
      'aged',
      reader(() => 100),
    );
    expect(
      await cache.remember(
        'deadline',
        reader(() => ++n),
      ),
    ).toBe(1);
    await new Promise((r) => setTimeout(r, 70));
    expect(
      await cache.remember(
        'deadline',
        reader(() => ++n),
      ),
    ).toBe(2);
    expect(
      await cache.remember(
        'aged',
        reader(() => 200),
      ),
    ).toBe(200);
  });
});
