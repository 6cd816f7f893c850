import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, everyType, must, person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { courseMembers, questions } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 1);
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const bank = (path: string, token: string, body: Record<string, unknown>, lang?: string) =>
  call(app, `/QuestionBankApi/${path}`, body, { token, lang });
const bankRows = (courseid: number) =>
  app.ctx.db
    .select()
    .from(questions)
    .where(and(eq(questions.courseId, courseid), isNull(questions.deletedAt)));

describe('the question bank', () => {
  it('keeps a question of every one of the fifteen types, with its key, blanks, range and points', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const made = [];
    for (const q of everyType('QB'))
      made.push(
        must(await bank('addQuestion', owner.token, { courseid, difficulty: 3, points: '函数，极限', ...q }), `type ${q.type}`),
      );
    expect(made.map((q) => q.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15]);
    const byType = new Map(made.map((q) => [q.type, q]));
    expect(byType.get(1)).toMatchObject({ answer: '1', score: 2, difficulty: 3, points: ['函数', '极限'] });
    expect(byType.get(2)).toMatchObject({
      answer: 'B',
      optionList: [
        { id: 'A', title: '1' },
        { id: 'B', title: '2' },
        { id: 'C', title: '3' },
        { id: 'D', title: '4' },
      ],
    });
    expect(byType.get(3)?.answer).toBe('A|C');
    expect(byType.get(4)?.answer).toBe('物体保持静止或匀速直线运动');
    expect(byType.get(5)).toMatchObject({ blanks: [['北京', 'Beijing'], ['上海']], answer: '' });
    expect(byType.get(10)?.score).toBe(0);
    expect(byType.get(11)?.answer).toBe('');
    expect(byType.get(13)).toMatchObject({ min: 1, max: 5 });
    const listed = must(await bank('listQuestions', owner.token, { courseid, limit: 50 }), 'list');
    expect(listed.total).toBe(13);
    // newest first
    expect(listed.list[0].type).toBe(15);
  });

  it.each([
    [{ type: 2, options: ['只有一个'], answer: 'A' }, '选择题和投票题须有 2 到 10 个选项'],
    [{ type: 11, options: [] }, '选择题和投票题须有 2 到 10 个选项'],
    [{ type: 2, options: Array.from({ length: 11 }, (_, i) => `选项${i}`), answer: 'A' }, '选择题和投票题须有 2 到 10 个选项'],
    [{ type: 2, options: ['甲', '甲'], answer: 'A' }, '选项内容不能重复'],
    [{ type: 2, options: ['甲', ''], answer: 'A' }, '每个选项须填写内容（最多 500 个字）'],
    [{ type: 2, options: ['甲', '乙'], answer: '' }, '单选题请选择一个正确答案'],
    [{ type: 2, options: ['甲', '乙'], answer: 'A|B' }, '单选题请选择一个正确答案'],
    [{ type: 2, options: ['甲', '乙'], answer: 'C' }, '正确答案须是题目中的选项'],
    [{ type: 3, options: ['甲', '乙', '丙'], answer: 'A' }, '多选题请至少选择两个正确答案'],
    [{ type: 6, options: ['甲', '乙'], answer: '' }, '不定项选择题请至少选择一个正确答案'],
    [{ type: 1, answer: '' }, '判断题请选择正确或错误'],
    [{ type: 1, answer: 'maybe' }, '判断题请选择正确或错误'],
    [{ type: 5, blanks: [] }, '填空题请至少设置一个空，并为每个空填写答案'],
    [{ type: 5, blanks: [['北京'], []] }, '每个空须有 1 到 10 个可接受的答案，每个最多 200 个字'],
    [{ type: 5, blanks: [['北京', '   ']] }, '每个空须有 1 到 10 个可接受的答案，每个最多 200 个字'],
    [{ type: 13, min: 5, max: 5 }, '评分范围须是 0 到 100 的整数，且最低分小于最高分'],
    [{ type: 13, min: 0, max: 101 }, '评分范围须是 0 到 100 的整数，且最低分小于最高分'],
    [{ type: 1, answer: '1', score: 0 }, '分值须在 0.5 到 100 之间'],
    [{ type: 1, answer: '1', score: -1 }, '分值须在 0.5 到 100 之间'],
    [{ type: 1, answer: '1', score: 100.5 }, '分值须在 0.5 到 100 之间'],
    [{ type: 10, score: 2 }, '段落说明不计分'],
    [{ type: 1, answer: '1', title: '<p>  </p>' }, '请输入题干'],
    [{ type: 1, answer: '1', title: '<script>x</script>' }, '请输入题干'],
    [{ type: 8, answer: '1' }, '题型不正确'],
    [{ type: 1, answer: '1', difficulty: 4 }, '难度只能是易、中、难'],
    [{ type: 1, answer: '1', points: ['一'.repeat(21)] }, '知识点须是 1 到 20 个字'],
    [{ type: 1, answer: '1', points: Array.from({ length: 11 }, (_, i) => `点${i}`) }, '每道题最多 10 个知识点'],
  ])('refuses %j naming the field, and keeps nothing', async (patch, message) => {
    const res = await bank('addQuestion', room.owner.token, { courseid: room.courseid, title: '<p>题干</p>', ...patch });
    expect(res).toMatchObject({ status: 0, code: 40001, message });
    expect(await bankRows(room.courseid)).toEqual([]);
  });

  it('refuses in the account’s language, naming the field in words', async () => {
    const english = await person(app, 1, 'Teacher', 'en');
    await app.ctx.db.insert(courseMembers).values({ courseId: room.courseid, userId: english.uid, role: 'assistant' });
    const res = await bank('addQuestion', english.token, {
      courseid: room.courseid,
      type: 3,
      title: 'Pick',
      options: ['a', 'b'],
      answer: 'A',
    });
    expect(res).toMatchObject({
      status: 0,
      code: 40001,
      message: 'Choose at least two correct answers for a multiple-choice question',
    });
  });

  it('takes Ketangpai-style input: option objects, keys as a list or letters, points with commas, numbers as strings', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const a = must(
      await bank('addQuestion', owner.token, {
        courseid,
        type: '3',
        title: '<p>选出偶数</p>',
        options: [{ title: '2' }, { title: '3' }, { title: '4' }],
        answer: ['c', 'a'],
        score: '2.55',
        points: '数论,整除',
      }),
      'objects',
    );
    expect(a).toMatchObject({
      answer: 'A|C',
      score: 2.6,
      points: ['数论', '整除'],
      optionList: [
        { id: 'A', title: '2' },
        { id: 'B', title: '3' },
        { id: 'C', title: '4' },
      ],
    });
    const b = must(
      await bank('addQuestion', owner.token, { courseid, type: 6, title: '<p>x</p>', options: '["甲","乙","丙"]', answer: 'BC' }),
      'letters',
    );
    expect(b.answer).toBe('B|C');
    const c = must(await bank('addQuestion', owner.token, { courseid, type: 1, title: '<p>x</p>', answer: false }), 'boolean');
    expect(c.answer).toBe('0');
  });

  it('shows only the author’s own images in a stem; another user’s file is dropped', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const mine = (await upload(app, '/UploadApi/uploadV2', owner.token, {}, { name: 'fig.png', data: Buffer.from('png') })).data
      .file.id;
    const other = await person(app, 1, '别人');
    const theirs = (await upload(app, '/UploadApi/uploadV2', other.token, {}, { name: 'x.png', data: Buffer.from('png') })).data
      .file.id;
    const q = must(
      await bank('addQuestion', owner.token, {
        courseid,
        type: 4,
        title: `<p>看图<img data-file="${mine}"><img data-file="${theirs}"></p>`,
        analysis: `<p>解析<img data-file="${theirs}"></p>`,
      }),
      'images',
    );
    expect(q.title).toContain(`data-file="${mine}"`);
    expect(q.title).not.toContain(`data-file="${theirs}"`);
    expect(q.analysis).not.toContain('<img');
    // an assistant editing it keeps the images it already shows
    const edited = must(
      await bank('editQuestion', owner.token, {
        courseid,
        id: q.id,
        type: 4,
        title: `<p>看图（改）<img data-file="${mine}"></p>`,
      }),
      'edit',
    );
    expect(edited.title).toContain(`data-file="${mine}"`);
  });

  it('lists by type, difficulty, knowledge point, words and author, a page at a time', async () => {
    const { courseid, owner, assistant } = await classroom(app, 0);
    const add = (token: string, q: Record<string, unknown>) =>
      bank('addQuestion', token, { courseid, ...q }).then((r) => must(r, 'add'));
    await add(owner.token, { type: 1, title: '<p>导数的定义</p>', answer: '1', difficulty: 1, points: ['导数'] });
    await add(owner.token, { type: 1, title: '<p>极限存在</p>', answer: '0', difficulty: 3, points: ['极限'] });
    await add(assistant.token, {
      type: 2,
      title: '<p>导数公式</p>',
      options: ['a', 'b'],
      answer: 'A',
      difficulty: 3,
      points: ['导数', '公式'],
    });
    const list = async (filter: Record<string, unknown>) =>
      must(await bank('listQuestions', owner.token, { courseid, ...filter }), 'list');
    expect((await list({ type: 1 })).total).toBe(2);
    expect((await list({ difficulty: 3 })).total).toBe(2);
    expect((await list({ point: '导数' })).list.map((q: { title: string }) => q.title)).toEqual([
      '<p>导数公式</p>',
      '<p>导数的定义</p>',
    ]);
    expect((await list({ keyword: '极限' })).total).toBe(1);
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ mine: 1 })).total).toBe(2);
    const page = await list({ limit: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.list).toHaveLength(1);
    expect(page.list[0].author).toBe('王老师');
    const points = must(await bank('knowledgePoints', assistant.token, { courseid }), 'points');
    expect(points.list).toEqual([
      { point: '导数', count: 2 },
      { point: '公式', count: 1 },
      { point: '极限', count: 1 },
    ]);
  });

  it('edits a question, the type too, with the same rules; another course’s question is not found and stays', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const q = must(await bank('addQuestion', owner.token, { courseid, type: 1, title: '<p>对吗</p>', answer: '1' }), 'add');
    const edited = must(
      await bank('editQuestion', owner.token, {
        courseid,
        id: q.id,
        type: 2,
        title: '<p>选哪个</p>',
        options: ['甲', '乙'],
        answer: 'B',
        score: 5,
      }),
      'edit',
    );
    expect(edited).toMatchObject({ id: q.id, type: 2, answer: 'B', score: 5 });
    const refused = await bank('editQuestion', owner.token, {
      courseid,
      id: q.id,
      type: 2,
      title: '<p>选哪个</p>',
      options: ['甲', '乙'],
      answer: 'C',
    });
    expect(refused).toMatchObject({ code: 40001, message: '正确答案须是题目中的选项' });
    expect(must(await bank('getQuestion', owner.token, { courseid, id: q.id }), 'get')).toMatchObject({ answer: 'B' });
    // course B's teacher naming course B with course A's question
    const other = await classroom(app, 0);
    const foreign = await bank('editQuestion', other.owner.token, {
      courseid: other.courseid,
      id: q.id,
      type: 1,
      title: '<p>改</p>',
      answer: '0',
    });
    expect(foreign.code).toBe(40004);
    expect(must(await bank('getQuestion', owner.token, { courseid, id: q.id }), 'get')).toMatchObject({ type: 2, answer: 'B' });
  });

  it('deletes all or nothing: an id outside the bank refuses the call', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const a = must(await bank('addQuestion', owner.token, { courseid, type: 1, title: '<p>一</p>', answer: '1' }), 'a');
    const b = must(await bank('addQuestion', owner.token, { courseid, type: 1, title: '<p>二</p>', answer: '1' }), 'b');
    const other = await classroom(app, 0);
    const c = must(
      await bank('addQuestion', other.owner.token, { courseid: other.courseid, type: 1, title: '<p>三</p>', answer: '1' }),
      'c',
    );
    expect((await bank('deleteQuestions', owner.token, { courseid, ids: [a.id, c.id] })).code).toBe(40004);
    expect(await bankRows(courseid)).toHaveLength(2);
    expect(must(await bank('deleteQuestions', owner.token, { courseid, ids: `${a.id},${b.id}` }), 'delete')).toEqual({
      count: 2,
    });
    expect(await bankRows(courseid)).toHaveLength(0);
    expect((await bank('getQuestion', owner.token, { courseid, id: a.id })).code).toBe(40004);
    expect(await bankRows(other.courseid)).toHaveLength(1);
  });

  it('is for the course’s teacher and assistants only: students, outsiders and strangers read and write nothing', async () => {
    const q = must(
      await bank('addQuestion', room.assistant.token, {
        courseid: room.courseid,
        type: 1,
        title: '<p>助教出题</p>',
        answer: '1',
      }),
      'assistant',
    );
    const student = room.students[0]!;
    for (const [who, token, code] of [
      ['student', student.token, 40003],
      ['outsider', room.outsider.token, 30202],
      ['stranger', room.stranger.token, 30202],
    ] as const) {
      expect(
        (await bank('addQuestion', token, { courseid: room.courseid, type: 1, title: '<p>x</p>', answer: '1' })).code,
        who,
      ).toBe(code);
      expect((await bank('listQuestions', token, { courseid: room.courseid })).code, who).toBe(code);
      expect((await bank('getQuestion', token, { courseid: room.courseid, id: q.id })).code, who).toBe(code);
      expect((await bank('deleteQuestions', token, { courseid: room.courseid, ids: [q.id] })).code, who).toBe(code);
      expect((await bank('knowledgePoints', token, { courseid: room.courseid })).code, who).toBe(code);
    }
    expect(await bankRows(room.courseid)).toHaveLength(1);
    must(await bank('deleteQuestions', room.owner.token, { courseid: room.courseid, ids: [q.id] }), 'clean up');
  });

  it('holds a bank to 5000 questions', async () => {
    const { courseid, owner } = await classroom(app, 0);
    await app.ctx.db.insert(questions).values(
      Array.from({ length: 5000 }, (_, i) => ({
        courseId: courseid,
        authorId: owner.uid,
        type: 1,
        stem: `<p>${i}</p>`,
        answer: { value: '1' },
        score: 1,
      })),
    );
    const res = await bank('addQuestion', owner.token, { courseid, type: 1, title: '<p>再一道</p>', answer: '1' });
    expect(res).toMatchObject({ status: 0, code: 30910, message: '题库最多 5000 道题' });
    expect(await bankRows(courseid)).toHaveLength(5000);
  });
});
