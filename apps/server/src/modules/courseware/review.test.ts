import { CODES, COURSEWARE_COMMENT_EVENT, COURSEWARE_DOUBT_EVENT } from '@paiclass/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithPages } from '../../../test/documents';
import { type Classroom, classroom, everyType, must, person } from '../../../test/exams';
import { call, QueryCounter, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { classSlideViews, coursewareLearners } from '../../db/schema';

/**
 * Issue 15, decision 025: the pages the classroom screen showed in each class, the courseware's review
 * after class (the pages shown with the caller's own marks, the comments, the questions asked on them),
 * comments pushed live to the teacher's screen, the use statistics and the courseware by file type.
 */

const counter = new QueryCounter();
let db: TestDatabase;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  db = await testDatabase({ logger: counter });
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = socketUrl(app);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const ok = async (path: string, body: Record<string, unknown>, token: string) =>
  must(await call(app, path, body, { token }), path);
const single = everyType('复习').find((q) => q.type === 2)!; // key B

/** A course with two students, a converted three-page courseware and a single-choice question placed on its page 2. */
async function deck(c?: Classroom) {
  const room = c ?? (await classroom(app, 2));
  const token = room.owner.token;
  const file = await upload(app, '/UploadApi/uploadV2', token, {}, { name: 'sort.pdf', data: pdfWithPages(['一', '二', '三']) });
  const id = (
    await ok(
      '/FutureV2/CourseMeans/addContent',
      { courseid: room.courseid, contenttype: 1, title: '第五章 排序', fileids: [file.data.file.id] },
      token,
    )
  ).id as number;
  await app.ctx.jobs.runDue(new Date(Date.now() + 1000));
  const q = await ok('/QuestionBankApi/addQuestion', { courseid: room.courseid, ...single }, token);
  const made = await ok(
    '/InteractApi/create',
    { courseid: room.courseid, title: '随堂', questionids: [q.id], seconds: 60 },
    token,
  );
  const stepid = made.steps[0].stepid as number;
  await ok('/InteractPPTApi/placeStep', { stepid, interactid: id, pageindex: 2 }, token);
  return { c: room, id, stepid };
}

const begin = async (c: Classroom) =>
  (await ok('/Futurev2/AttendClass/beginClass', { courseid: c.courseid }, c.owner.token)).classtimeid as number;
const over = (c: Classroom) => ok('/Futurev2/AttendClass/overClass', { courseid: c.courseid }, c.owner.token);
const present = (c: Classroom, interactid: number) =>
  ok('/InteractWithScreenApi/present', { courseid: c.courseid, interactid }, c.owner.token);
const goto = (c: Classroom, pageindex: number) =>
  ok('/InteractWithScreenApi/gotoPage', { courseid: c.courseid, pageindex }, c.owner.token);
const review = (token: string, body: Record<string, unknown>) => call(app, '/CoursewareApi/reviewCourseWare', body, { token });
const pagesOf = async (classTimeId: number) =>
  (
    await app.ctx.db
      .select({ page: classSlideViews.page })
      .from(classSlideViews)
      .where(eq(classSlideViews.classTimeId, classTimeId))
      .orderBy(asc(classSlideViews.id))
  ).map((r) => r.page);

/**
 * Class 1: shown from page 1, turned to 2 (the question opens; 甲 answers A, 乙 answers B), 3 and back
 * to 2; 甲 marks page 2 "don't understand", 乙 page 3; 甲 comments on page 3. Class 2: page 1, then 3.
 */
async function twoClasses() {
  const d = await deck();
  const [a, b] = d.c.students as [Classroom['owner'], Classroom['owner']];
  const first = await begin(d.c);
  await present(d.c, d.id);
  await goto(d.c, 2);
  await ok('/InteractApi/answer', { stepid: d.stepid, answer: 'A' }, a.token);
  await ok('/InteractApi/answer', { stepid: d.stepid, answer: 'B' }, b.token);
  await goto(d.c, 3);
  await goto(d.c, 3); // the page already shown: nothing recorded
  await goto(d.c, 2);
  await ok('/PrestudyTaskApi/setDoubtState', { interactid: d.id, pageindex: 2, state: 1 }, a.token);
  await ok('/PrestudyTaskApi/setDoubtState', { interactid: d.id, pageindex: 3, state: 1 }, b.token);
  await ok('/PrestudyTaskApi/addComment', { interactid: d.id, pageindex: 3, comment: '第三页的例子没看懂' }, a.token);
  await over(d.c);
  const second = await begin(d.c);
  await present(d.c, d.id);
  await goto(d.c, 3);
  await over(d.c);
  return { ...d, a, b, first, second };
}

describe('the pages shown in class', () => {
  it('are recorded per class time in the order the screen reached them, by the statement that turns the page', async () => {
    const { c, id, first, second } = await twoClasses();
    expect(await pagesOf(first)).toEqual([1, 2, 3, 2]);
    expect(await pagesOf(second)).toEqual([1, 3]);

    // a turn stays one statement: the record is written by the update itself
    await begin(c);
    await present(c, id);
    const m = await counter.measure(() => goto(c, 2));
    const recording = m.sql.filter((q) => q.includes('class_slide_views'));
    expect(recording).toHaveLength(1);
    expect(recording[0]).toMatch(/update "class_presentations"/);
    // a page past the end is refused naming the field, and records nothing
    const past = await call(
      app,
      '/InteractWithScreenApi/gotoPage',
      { courseid: c.courseid, pageindex: 9 },
      { token: c.owner.token },
    );
    expect(past).toMatchObject({ status: 0, code: CODES.badInput, message: '页码须是从 1 起的整数' });
    const now = (await ok('/Futurev2/AttendClass/classTimeStatus', { courseid: c.courseid }, c.owner.token)).classtimeid;
    expect(await pagesOf(now)).toEqual([1, 2]);
  });
});

describe('the courseware review after class', () => {
  it('shows a student the pages shown in order, with only their own mark and answer, and the key only once revealed', async () => {
    const { c, id, stepid, a, first } = await twoClasses();
    const r = await ok(
      '/CoursewareApi/reviewCourseWare',
      { courseid: String(c.courseid), classtimeid: String(first), id: String(id) },
      a.token,
    );
    expect(r).toMatchObject({ interactid: id, classtimeid: first, title: '第五章 排序', total: 3, manage: 0, state: 'ready' });
    expect(r.views.map((v: { pageindex: number }) => v.pageindex)).toEqual([1, 2, 3, 2]);
    expect(r.pages.map((p: { pageindex: number }) => p.pageindex)).toEqual([1, 2, 3]);
    const [p1, p2, p3] = r.pages;
    expect(p2.shown).toHaveLength(2);
    expect(p2.shown[0]).toBeLessThanOrEqual(p2.shown[1]);
    expect(p2.url).toMatch(/\/FileApi\//);
    // their own mark on page 2; 乙's mark on page 3 is not theirs to see, nor any count
    expect([p1.doubted, p2.doubted, p3.doubted]).toEqual([0, 1, 0]);
    expect([p1.doubts, p2.doubts, p3.doubts]).toEqual([0, 0, 0]);
    expect(p3).toMatchObject({ commentcount: 1, classcomments: 1 });
    expect(p3.comments[0]).toMatchObject({ comment: '第三页的例子没看懂', uid: a.uid });
    // the question asked on page 2: their own answer, no key and no counts before the reveal
    expect(p1.steps).toEqual([]);
    expect(p2.steps).toEqual([
      expect.objectContaining({ stepid, revealed: 0, key: '', mine: 'A', mycorrect: -1, answered: 0, correct: 0 }),
    ]);
    expect(r.classes.map((k: { classtimeid: number }) => k.classtimeid)).toEqual([expect.any(Number), first]);
    expect(r.coursewares).toEqual([{ interactid: id, title: '第五章 排序' }]);

    await ok('/InteractApi/revealStep', { stepid }, c.owner.token);
    const revealed = await ok('/CoursewareApi/reviewCourseWare', { classtimeid: first, interactid: id }, a.token);
    expect(revealed.pages[1].steps[0]).toMatchObject({ revealed: 1, key: 'B', mine: 'A', mycorrect: 0, answered: 2, correct: 1 });
  });

  it('shows the staff each page with its doubt and comment counts and the answers counted, never as their own', async () => {
    const { c, id, stepid, first, second } = await twoClasses();
    for (const staff of [c.owner, c.assistant]) {
      const r = await ok('/CoursewareApi/reviewCourseWare', { classtimeid: first, interactid: id }, staff.token);
      expect(r.manage).toBe(1);
      expect(r.pages.map((p: { doubts: number }) => p.doubts)).toEqual([0, 1, 1]);
      expect(r.pages.map((p: { commentcount: number }) => p.commentcount)).toEqual([0, 0, 1]);
      expect(r.pages[1].steps[0]).toMatchObject({ stepid, key: 'B', mine: null, mycorrect: -1, answered: 2, correct: 1 });
    }
    // a courseware alone: its latest class; a class alone: the courseware shown in it
    const latest = await ok('/CoursewareApi/reviewCourseWare', { interactid: id }, c.owner.token);
    expect(latest.classtimeid).toBe(second);
    expect(latest.pages.map((p: { pageindex: number }) => p.pageindex)).toEqual([1, 3]);
    const byClass = await ok('/CoursewareApi/reviewCourseWare', { courseid: c.courseid, classtimeid: first }, c.owner.token);
    expect(byClass).toMatchObject({ interactid: id, classtimeid: first });
    // the class notes list the courseware shown, with the pages reached
    const notes = await ok('/FutureV2/ClassRecord/classNotes', { courseid: c.courseid, classtimeid: first }, c.owner.token);
    expect(notes.slides).toEqual([{ contentid: id, title: '第五章 排序', views: 4, pages: 3 }]);
  });

  it('is empty for a courseware never shown in class, and refuses outsiders, other courses, an unshown class and no target', async () => {
    const { c, id, first, a } = await twoClasses();
    const other = await deck();
    const unshown = await ok('/CoursewareApi/reviewCourseWare', { interactid: other.id }, other.c.students[0]!.token);
    expect(unshown).toMatchObject({ classtimeid: 0, classes: [], pages: [], views: [] });

    expect((await review(c.outsider.token, { interactid: id })).code).toBe(CODES.courseGone);
    expect((await review(c.stranger.token, { classtimeid: first })).code).toBe(CODES.courseGone);
    // another course's class time, or a courseware of another course named with this one's
    expect((await review(other.c.owner.token, { classtimeid: first, interactid: other.id })).code).toBe(CODES.courseGone);
    expect((await review(a.token, { classtimeid: first, interactid: id, courseid: other.c.courseid })).code).toBe(CODES.notFound);
    const otherClass = await begin(other.c);
    expect((await review(a.token, { classtimeid: otherClass, interactid: id })).code).toBe(CODES.courseGone);
    // a class of the course in which it was not shown
    const empty = await begin(c);
    const notShown = await review(a.token, { classtimeid: empty, interactid: id });
    expect(notShown).toMatchObject({ status: 0, code: CODES.notShownInClass, message: '这节课没有放映这个课件' });
    expect((await review(a.token, { classtimeid: empty })).code).toBe(CODES.notShownInClass);
    // no target, or a bad one, names the field
    expect(await review(a.token, { courseid: c.courseid })).toMatchObject({
      code: CODES.badInput,
      message: '请选择课件或一节课',
    });
    expect(await review(a.token, { interactid: 'abc' })).toMatchObject({ code: CODES.badInput, message: '请选择课件' });
    expect(await review(a.token, { classtimeid: -3, interactid: id })).toMatchObject({
      code: CODES.badInput,
      message: '上课编号不正确',
    });
    expect((await review(a.token, { classtimeid: 999_999, interactid: id })).code).toBe(CODES.notFound);
  });
});

describe('comments during class', () => {
  it("reach the staff's screens live while the courseware is shown, never a student's, and not after it is taken off", async () => {
    const { c, id } = await deck();
    const [a, b] = c.students as [Classroom['owner'], Classroom['owner']];
    const classtimeid = await begin(c);
    await present(c, id);
    const screen = await openSocket(url, c.owner.token, { courseId: c.courseid });
    const helper = await openSocket(url, c.assistant.token, { courseId: c.courseid });
    const phone = await openSocket(url, b.token, { courseId: c.courseid });
    const sent = await ok(
      '/PrestudyTaskApi/addComment',
      { interactid: String(id), pageindex: '1', comment: '这里为什么是 O(n log n)？' },
      a.token,
    );
    await ok('/PrestudyTaskApi/addComment', { interactid: id, pageindex: 1, comment: '同问', replyid: sent.id }, b.token);
    for (const staff of [screen, helper])
      await expect
        .poll(() => staff.events(COURSEWARE_COMMENT_EVENT).map((m) => [m.data.comments, m.data.comment.comment]))
        .toEqual([
          [1, '这里为什么是 O(n log n)？'],
          [2, '同问'],
        ]);
    expect(screen.events(COURSEWARE_COMMENT_EVENT)[0]!.data).toMatchObject({
      courseid: c.courseid,
      classtimeid,
      interactid: id,
      pageindex: 1,
      comment: { id: sent.id, uid: a.uid, replyid: 0 },
    });
    // a doubt still goes the same way; the student's phone hears neither
    await ok('/PrestudyTaskApi/setDoubtState', { interactid: id, pageindex: 1, state: 1 }, a.token);
    await expect.poll(() => screen.events(COURSEWARE_DOUBT_EVENT).length).toBe(1);
    expect(phone.events(COURSEWARE_COMMENT_EVENT)).toEqual([]);
    expect(phone.events(COURSEWARE_DOUBT_EVENT)).toEqual([]);

    // off the screen: a comment is only a comment
    await ok('/InteractWithScreenApi/stop', { courseid: c.courseid }, c.owner.token);
    await ok('/PrestudyTaskApi/addComment', { interactid: id, pageindex: 2, comment: '下课再问' }, a.token);
    await ok('/PrestudyTaskApi/setDoubtState', { interactid: id, pageindex: 2, state: 1 }, b.token);
    await expect.poll(() => screen.events(COURSEWARE_DOUBT_EVENT).length).toBe(2);
    expect(screen.events(COURSEWARE_COMMENT_EVENT)).toHaveLength(2);
    for (const s of [screen, helper, phone]) s.close();
  });
});

describe('the use statistics of a courseware', () => {
  it('count opening, time, pages, doubts, comments per page and the classes it was shown in, for the staff only', async () => {
    const { c, id, a, b, first, second } = await twoClasses();
    // a first report starts the count (issue 24); the next, 30 s later, adds the 30 s observed
    await ok('/PrestudyTaskApi/addLearnTime', { interactid: id, time: 30, pageindex: 1 }, a.token);
    await app.ctx.db
      .update(coursewareLearners)
      .set({ countedAt: new Date(Date.now() - 30_000) })
      .where(and(eq(coursewareLearners.contentId, id), eq(coursewareLearners.userId, a.uid)));
    await ok('/PrestudyTaskApi/addLearnTime', { interactid: id, time: 30, pageindex: 1 }, a.token);
    await ok('/PrestudyTaskApi/studyTaskPageIndex', { interactid: id, pageindex: 2 }, a.token);
    await ok('/PrestudyTaskApi/finishStudyTask', { interactid: id }, a.token);
    await ok('/PrestudyTaskApi/studyTaskPageIndex', { interactid: id, pageindex: 2 }, b.token);
    await ok('/PrestudyTaskApi/addComment', { interactid: id, pageindex: 1, comment: '老师补充一下' }, c.owner.token);
    const s = await ok('/CoursewareApi/getCoursewareUseStatV2', { id: String(id) }, c.assistant.token);
    expect(s).toMatchObject({
      interactid: id,
      courseid: c.courseid,
      total: 3,
      members: 2,
      finished: 1,
      presented: 2,
    });
    // 甲 opened pages 1 and 2 (30 s), 乙 page 2
    expect(s.opened).toBe(2);
    expect(s.totalseconds).toBe(30);
    expect(s.avgseconds).toBe(15);
    expect(s.pages).toEqual([
      { pageindex: 1, readers: 1, doubts: 0, comments: 1 },
      { pageindex: 2, readers: 2, doubts: 1, comments: 0 },
      { pageindex: 3, readers: 0, doubts: 1, comments: 1 },
    ]);
    expect(s.avgpages).toBe(1.5);
    expect(s.classes).toEqual([
      expect.objectContaining({ classtimeid: second, views: 2, pages: 2 }),
      expect.objectContaining({ classtimeid: first, views: 4, pages: 3 }),
    ]);
    const refused = await call(app, '/CoursewareApi/getCoursewareUseStatV2', { interactid: id }, { token: a.token });
    expect(refused.code).toBe(CODES.forbidden);
    expect((await call(app, '/CoursewareApi/getCoursewareUseStatV2', { interactid: id }, { token: c.outsider.token })).code).toBe(
      CODES.courseGone,
    );
    expect(await call(app, '/CoursewareApi/getCoursewareUseStatV2', {}, { token: c.owner.token })).toMatchObject({
      code: CODES.badInput,
      message: '请选择课件',
    });
  });

  it('run the same number of queries for 2 students as for 12', async () => {
    const d = await deck();
    const join = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const s = await person(app, 0, `学生${i}`);
        await ok('/CourseApi/joinCourse', { code: d.c.code }, s.token);
        await ok('/PrestudyTaskApi/studyTaskPageIndex', { interactid: d.id, pageindex: 1 + (i % 3) }, s.token);
        await ok('/PrestudyTaskApi/setDoubtState', { interactid: d.id, pageindex: 1 + (i % 3), state: 1 }, s.token);
      }
    };
    const measure = async () => {
      await app.ctx.sessions.forgetUser(d.c.owner.uid);
      const m = await counter.measure(() =>
        call(app, '/CoursewareApi/getCoursewareUseStatV2', { interactid: d.id }, { token: d.c.owner.token }),
      );
      expect(m.result.status).toBe(1);
      return m;
    };
    await join(2);
    const small = await measure();
    expect(small.result.data.opened).toBe(2);
    await join(10);
    const large = await measure();
    expect(large.result.data.opened).toBe(12);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThan(16);
  });
});

describe("the course's courseware by file type", () => {
  it('groups ppt with pptx and pdf, newest first, hides drafts from students, and names a bad type', async () => {
    const c = await classroom(app, 1);
    const token = c.owner.token;
    const add = async (name: string, title: string, publish = 1) => {
      const file = await upload(app, '/UploadApi/uploadV2', token, {}, { name, data: pdfWithPages([title]) });
      return (
        await ok(
          '/FutureV2/CourseMeans/addContent',
          { courseid: c.courseid, contenttype: 1, title, fileids: [file.data.file.id], publish },
          token,
        )
      ).id as number;
    };
    const pdf = await add('a.pdf', '第一章');
    const pptx = await add('b.PPTX', '第二章');
    const draft = await add('c.ppt', '第三章草稿', 0);
    const all = await ok('/CoursewareApi/getListsByFileType', { courseid: String(c.courseid) }, c.students[0]!.token);
    expect(all.filetype).toBe('all');
    expect(all.list.map((g: { filetype: string; count: number }) => [g.filetype, g.count])).toEqual([
      ['ppt', 1],
      ['pdf', 1],
    ]);
    expect(all.list[0].items[0]).toMatchObject({ id: pptx, title: '第二章', filename: 'b.PPTX', ext: 'pptx', publishstate: 2 });
    expect(all.list[1].items[0]).toMatchObject({ id: pdf, ext: 'pdf' });
    // the staff see the draft too; one type alone, whatever its case or dot
    const ppt = await ok('/CoursewareApi/getListsByFileType', { courseid: c.courseid, filetype: '.PPTX' }, token);
    expect(ppt.list).toEqual([expect.objectContaining({ filetype: 'ppt', count: 2 })]);
    expect(ppt.list[0].items.map((i: { id: number; publishstate: number }) => [i.id, i.publishstate])).toEqual([
      [draft, 0],
      [pptx, 2],
    ]);
    expect(
      await call(app, '/CoursewareApi/getListsByFileType', { courseid: c.courseid, filetype: 'doc' }, { token }),
    ).toMatchObject({
      code: CODES.badInput,
      message: '文件类型为 ppt、pptx 或 pdf',
    });
    expect(
      (await call(app, '/CoursewareApi/getListsByFileType', { courseid: c.courseid }, { token: c.outsider.token })).code,
    ).toBe(CODES.courseGone);
  });
});
