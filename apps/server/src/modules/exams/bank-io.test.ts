import { and, count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse } from '../../../test/courses';
import { type Classroom, classroom, everyType, must, person } from '../../../test/exams';
import { call, newAddress, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
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
/** A file call: the bytes and headers, or the envelope of a refusal. */
async function download(path: string, token: string, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: `/QuestionBankApi/${path}`,
    payload: body,
    headers: { token },
    remoteAddress: newAddress(),
  });
  const type = String(res.headers['content-type']);
  return {
    type,
    disposition: String(res.headers['content-disposition'] ?? ''),
    bytes: res.rawPayload,
    envelope: type.includes('json') ? (res.json() as { status: number; code: number; message: string }) : null,
  };
}
const importFile = (token: string, courseid: number, name: string, data: Buffer) =>
  upload(app, '/QuestionBankApi/importQuestions', token, { courseid }, { name, data }) as Promise<{
    status: number;
    code: number;
    message: string;
    // biome-ignore lint/suspicious/noExplicitAny: the answer's fields are read by name
    data: any;
  }>;
const held = async (courseid: number) =>
  (
    await app.ctx.db
      .select({ n: count() })
      .from(questions)
      .where(and(eq(questions.courseId, courseid), isNull(questions.deletedAt)))
  )[0]?.n ?? 0;
/** A bank's questions as a teacher sees them, oldest first, without what differs between copies. */
async function bankOf(token: string, courseid: number) {
  const list = must(await bank('listQuestions', token, { courseid, limit: 100 }), 'list').list as Record<string, unknown>[];
  return list.reverse().map(({ id, courseid: _c, authorid, author, createtime, updatetime, ...rest }) => rest);
}

/** A teacher whose language is English (answers follow the account's language), as an assistant of the course. */
async function englishAssistant(courseid: number) {
  const en = await person(app, 1, 'Ms Smith', 'en');
  await app.ctx.db.insert(courseMembers).values({ courseId: courseid, userId: en.uid, role: 'assistant' });
  return en;
}

const HEADER = [
  '题型 Type',
  '题干 Stem',
  ...'ABCDEFGHIJ'.split('').map((k) => `选项${k} Option ${k}`),
  '正确答案 Answer',
  '分值 Score',
  '难度 Difficulty',
  '知识点 Knowledge points',
  '解析 Analysis',
];
/** A sheet as a teacher fills it: rows of [type, stem, options[], answer, score, difficulty, points, analysis]. */
async function sheet(rows: [string, string, string[], string, string | number, string, string, string][], header = HEADER) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('题目');
  ws.addRow(header);
  for (const [type, stem, options, answer, score, difficulty, points, analysis] of rows)
    ws.addRow([
      type,
      stem,
      ...Array.from({ length: 10 }, (_, i) => options[i] ?? ''),
      answer,
      score,
      difficulty,
      points,
      analysis,
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
/** A bank with one question of every type, knowledge points, analyses and difficulties set. */
async function fullBank(token: string, courseid: number, marker: string) {
  for (const [i, q] of everyType(marker).entries())
    must(
      await bank('addQuestion', token, {
        courseid,
        difficulty: (i % 3) + 1,
        points: i % 2 ? '函数，极限' : '',
        analysis: i % 2 ? `<p>${marker} 解析 ${i}</p><p>第二行 a &lt; b</p>` : '',
        ...q,
      }),
      `add ${q.type}`,
    );
}

describe('exporting and importing the question bank', () => {
  it.each(['xlsx', 'docx'] as const)('gives equal questions of every type after a %s export and import', async (format) => {
    const { courseid, owner } = await classroom(app, 0);
    await fullBank(owner.token, courseid, `RT${format}`);
    const file = await download('exportQuestions', owner.token, { courseid, format });
    expect(file.envelope).toBeNull();
    expect(file.disposition).toContain(`.${format}`);
    const other = await newCourse(app, owner.token);
    const imported = await importFile(owner.token, other.id, `bank.${format}`, file.bytes);
    expect(imported.status).toBe(1);
    expect(imported.data.problems).toEqual([]);
    expect(imported.data.saved).toBe(13);
    const before = await bankOf(owner.token, courseid);
    const after = await bankOf(owner.token, other.id);
    expect(after).toEqual(before);
    expect(after.map((q) => q.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15]);
  });

  it('writes a sheet a teacher reads: the bilingual header, one row per question, blanks with | and ;', async () => {
    const { courseid, owner } = await classroom(app, 0);
    await fullBank(owner.token, courseid, 'XL');
    const file = await download('exportQuestions', owner.token, { courseid, format: 'excel' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(ws.actualRowCount).toBe(14);
    const fill = (ws.getRow(6).values as unknown[]).slice(1);
    expect(fill[0]).toBe('填空题');
    expect(fill[12]).toBe('北京|Beijing;上海');
    expect((ws.getRow(3).values as unknown[]).slice(1, 6)).toEqual(['单选题', 'XL 1+1=?', '1', '2', '3']);
  });

  it('exports a selection, and a Word document with numbered questions, options, answer and analysis', async () => {
    const { courseid, owner } = await classroom(app, 0);
    await fullBank(owner.token, courseid, 'WD');
    const all = must(await bank('listQuestions', owner.token, { courseid, limit: 50 }), 'list').list as {
      id: number;
      type: number;
    }[];
    const picked = all.filter((q) => q.type === 2 || q.type === 5).map((q) => q.id);
    const file = await download('exportQuestions', owner.token, { courseid, format: 'Word', ids: picked.join(','), extra: 'x' });
    expect(file.type).toContain('wordprocessingml');
    const text = (await mammoth.extractRawText({ buffer: file.bytes })).value;
    expect(text).toContain('1. 【单选题】WD 1+1=?');
    expect(text).toContain('B. 2');
    expect(text).toContain('答案：B');
    expect(text).toContain('2. 【填空题】WD 中国的首都是');
    expect(text).toContain('答案：北京|Beijing;上海');
    expect(text).not.toContain('地球是圆的');
    const en = await download('exportQuestions', (await englishAssistant(courseid)).token, {
      courseid,
      format: 'docx',
      ids: picked,
    });
    expect((await mammoth.extractRawText({ buffer: en.bytes })).value).toContain('1. [Single choice] WD 1+1=?');
    // an id of another bank refuses the export
    const refused = await download('exportQuestions', owner.token, { courseid, ids: [...picked, 999_999] });
    expect(refused.envelope?.code).toBe(40004);
  });

  it.each(['xlsx', 'docx'] as const)('imports its own %s template as it is: one question of each type', async (format) => {
    const { courseid, owner } = await classroom(app, 0);
    const en = await englishAssistant(courseid);
    for (const token of [owner.token, en.token]) {
      const template = await download('questionTemplate', token, { courseid, format });
      expect(template.envelope).toBeNull();
      const done = await importFile(owner.token, courseid, `template.${format}`, template.bytes);
      expect(done.data.problems).toEqual([]);
      expect(done.data.saved).toBe(13);
    }
    const list = await bankOf(owner.token, courseid);
    expect(list.filter((q) => q.type === 5).map((q) => q.blanks)).toEqual([
      [
        ['北京', 'Beijing'],
        ['上海', 'Shanghai'],
      ],
      [
        ['Beijing', '北京'],
        ['Shanghai', '上海'],
      ],
    ]);
    expect(list.find((q) => q.type === 13)).toMatchObject({ min: 1, max: 5 });
    expect(list.find((q) => q.type === 1)).toMatchObject({ answer: '1', score: 2, difficulty: 1 });
  });

  it('reads a document written by hand in the documented format', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const { Document, Packer, Paragraph } = await import('docx');
    const lines = [
      '第一章 练习',
      '1.【单选题】下列哪个是质数？',
      'A. 4',
      'B. 7',
      '答案：B',
      '解析：7 只能被 1 和它本身整除。',
      '难度：易',
      '知识点：质数，整除',
      '2. 判断：水在 0 ℃ 结冰。',
      '题型：判断题',
      '答案：对',
      '分值：2',
    ];
    const doc = new Document({ sections: [{ children: lines.map((text) => new Paragraph({ text })) }] });
    const done = await importFile(owner.token, courseid, '练习.docx', Buffer.from(await Packer.toBuffer(doc)));
    expect(done.data.problems).toEqual([]);
    const list = await bankOf(owner.token, courseid);
    expect(list[0]).toMatchObject({
      type: 2,
      answer: 'B',
      difficulty: 1,
      points: ['质数', '整除'],
      title: '<p>下列哪个是质数？</p>',
    });
    expect(list[1]).toMatchObject({ type: 1, answer: '1', score: 2, title: '<p>判断：水在 0 ℃ 结冰。</p>' });
  });

  it('refuses a whole sheet with a bad row, listing every bad row and field in the caller’s language, writing nothing', async () => {
    const { courseid, owner } = await classroom(app, 0);
    await fullBank(owner.token, courseid, 'BAD');
    const before = await held(courseid);
    const file = await sheet([
      ['单选题', '好的一题', ['甲', '乙'], 'A', 2, '易', '', ''],
      ['单选题', '答案不在选项中', ['甲', '乙'], 'E', 2, '易', '', ''],
      ['问答题', '题型不对', [], '', '', '', '', ''],
      ['填空题', '没有答案的填空', [], '', 2, '', '', ''],
      ['判断题', '分值太大', [], '对', 200, '很难', '', ''],
      ['多选题', '', ['甲', '', '丙'], 'AC', '', '', '', ''],
    ]);
    const zh = await importFile(owner.token, courseid, '题目.xlsx', file);
    expect(zh.status).toBe(1);
    expect(zh.data.saved).toBe(0);
    expect(zh.data.problems).toEqual([
      { row: 3, number: 0, field: '正确答案', message: '正确答案须是题目中的选项' },
      { row: 4, number: 0, field: '题型', message: expect.stringContaining('题型「问答题」不正确') },
      { row: 5, number: 0, field: '正确答案', message: '填空题请至少设置一个空，并为每个空填写答案' },
      { row: 6, number: 0, field: '难度', message: '难度「很难」不正确：请填写易、中或难' },
      { row: 6, number: 0, field: '分值', message: '分值须在 0.5 到 100 之间' },
      { row: 7, number: 0, field: '选项', message: '选项须从 A 开始连续填写：C 前面有空的选项' },
      { row: 7, number: 0, field: '题干', message: '请输入题干' },
    ]);
    expect(await held(courseid)).toBe(before);
    const en = await importFile((await englishAssistant(courseid)).token, courseid, 'questions.xlsx', file);
    expect(en.data.problems[0]).toEqual({
      row: 3,
      number: 0,
      field: 'Answer',
      message: 'The correct answer must be one of the options',
    });
    expect(await held(courseid)).toBe(before);
  });

  it('refuses a document with a bad question, naming its line and number', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const { Document, Packer, Paragraph } = await import('docx');
    const lines = ['1.【单选题】好题', 'A. 甲', 'B. 乙', '答案：A', '2.【多选题】只有一个答案', 'A. 甲', 'B. 乙', '答案：A'];
    const doc = new Document({ sections: [{ children: lines.map((text) => new Paragraph({ text })) }] });
    const done = await importFile(owner.token, courseid, 'q.docx', Buffer.from(await Packer.toBuffer(doc)));
    expect(done.data).toEqual({
      saved: 0,
      ids: [],
      problems: [{ row: 5, number: 2, field: '正确答案', message: '多选题请至少选择两个正确答案' }],
    });
    expect(await held(courseid)).toBe(0);
  });

  it('refuses a sheet that is not the template, an empty one, a file of another kind, too many rows, too many bytes', async () => {
    const { courseid, owner } = await classroom(app, 0);
    const wrongHeader = await importFile(
      owner.token,
      courseid,
      'x.xlsx',
      await sheet([['单选题', 'x', [], 'A', 1, '', '', '']], ['学号', '姓名']),
    );
    expect(wrongHeader.data.problems[0]).toMatchObject({ row: 1, message: expect.stringContaining('题型 Type') });
    const empty = await importFile(owner.token, courseid, 'x.xlsx', await sheet([]));
    expect(empty.data.problems).toEqual([{ row: 1, number: 0, field: '', message: '文件中没有题目：请按模板填写' }]);
    const kind = await importFile(owner.token, courseid, 'x.pdf', Buffer.from('%PDF-1.4'));
    expect([kind.code, kind.message]).toEqual([40001, '请上传 .xlsx（Excel）或 .docx（Word）文件']);
    const garbage = await importFile(owner.token, courseid, 'x.xlsx', Buffer.from('not a workbook'));
    expect(garbage.code).toBe(40001);
    const rows = Array.from(
      { length: 1001 },
      (_, i) =>
        ['判断题', `第 ${i} 题`, [], '对', 1, '', '', ''] as [string, string, string[], string, number, string, string, string],
    );
    const many = await importFile(owner.token, courseid, 'x.xlsx', await sheet(rows));
    expect([many.code, many.message]).toEqual([40001, '一次最多导入 1000 道题']);
    const thousand = await importFile(owner.token, courseid, 'x.xlsx', await sheet(rows.slice(0, 1000)));
    expect(thousand.data.saved).toBe(1000);
    const big = await importFile(
      owner.token,
      courseid,
      'x.xlsx',
      Buffer.concat([await sheet([]), Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(big.code).toBe(40013);
    expect(await held(courseid)).toBe(1000);
  }, 120_000);

  it('keeps the files and the import to the course’s teacher and assistants', async () => {
    const { courseid, owner, assistant, students, outsider } = room;
    const otherTeacher = await person(app, 1, '别课老师');
    await newCourse(app, otherTeacher.token);
    const file = await sheet([['判断题', '权限', [], '对', 1, '', '', '']]);
    const before = await held(courseid);
    for (const [who, token, code] of [
      ['student', students[0]!.token, 40003],
      ['outsider', outsider.token, 30202],
      ['another teacher', otherTeacher.token, 30202],
    ] as const) {
      expect([who, (await download('exportQuestions', token, { courseid })).envelope?.code]).toEqual([who, code]);
      expect([who, (await download('questionTemplate', token, { courseid })).envelope?.code]).toEqual([who, code]);
      expect([who, (await importFile(token, courseid, 'x.xlsx', file)).code]).toEqual([who, code]);
    }
    expect(await held(courseid)).toBe(before);
    expect((await importFile(assistant.token, courseid, 'x.xlsx', file)).data.saved).toBe(1);
    expect((await download('exportQuestions', assistant.token, { courseid: String(courseid) })).envelope).toBeNull();
    expect((await download('exportQuestions', owner.token, { courseid, format: 'pdf' })).envelope?.message).toBe(
      '文件格式只能是 Excel（xlsx）或 Word（docx）',
    );
  });
});

describe('copying questions between banks', () => {
  it('copies chosen questions into another course the caller teaches, as independent questions', async () => {
    const { courseid, owner } = await classroom(app, 0);
    await fullBank(owner.token, courseid, 'CP');
    const all = must(await bank('listQuestions', owner.token, { courseid, limit: 50 }), 'list').list as {
      id: number;
      type: number;
    }[];
    const picked = all.filter((q) => [2, 5, 13].includes(q.type)).map((q) => q.id);
    const target = await newCourse(app, owner.token);
    const targets = must(await bank('copyTargets', owner.token, { courseid }), 'targets');
    expect(targets.list.map((c: { courseid: number }) => c.courseid)).toContain(target.id);
    expect(targets.list.map((c: { courseid: number }) => c.courseid)).not.toContain(courseid);
    const copied = must(
      await bank('copyQuestions', owner.token, {
        courseid: String(courseid),
        ids: picked.join(','),
        tocourseid: String(target.id),
        x: 1,
      }),
      'copy',
    );
    expect(copied).toMatchObject({ count: 3, tocourseid: target.id });
    const source = (await bankOf(owner.token, courseid)).filter((q) => [2, 5, 13].includes(q.type as number));
    expect(await bankOf(owner.token, target.id)).toEqual(source);
    // independent: editing the copy leaves the original as it was
    must(
      await bank('editQuestion', owner.token, {
        courseid: target.id,
        id: copied.ids[0],
        type: 2,
        title: '改过的副本',
        options: ['x', 'y'],
        answer: 'A',
      }),
      'edit copy',
    );
    expect((await bankOf(owner.token, courseid)).filter((q) => [2, 5, 13].includes(q.type as number))).toEqual(source);
  });

  it('refuses a target the caller does not teach, a student’s, the same course, and ids of another bank, writing nothing', async () => {
    const { courseid, owner, assistant, students } = room;
    const q = must(await bank('addQuestion', owner.token, { courseid, type: 1, title: '复制', answer: '1' }), 'add').id;
    const stranger = await newCourse(app, (await person(app, 1, '陌生老师')).token);
    const asStudent = await newCourse(app, (await person(app, 1, '学生的老师')).token);
    await app.ctx.db.insert(courseMembers).values({ courseId: asStudent.id, userId: owner.uid, role: 'student' });
    const mine = await newCourse(app, owner.token);
    const before = [await held(stranger.id), await held(asStudent.id), await held(mine.id)];
    const copy = (token: string, body: Record<string, unknown>) => bank('copyQuestions', token, { courseid, ids: [q], ...body });
    expect((await copy(owner.token, { tocourseid: stranger.id })).code).toBe(30202);
    expect((await copy(owner.token, { tocourseid: asStudent.id })).code).toBe(40003);
    expect((await copy(owner.token, { tocourseid: courseid })).message).toBe('请选择另一门课程：题目已在本课程的题库中');
    expect((await copy(owner.token, { tocourseid: mine.id, ids: [q, 999_999] })).code).toBe(40004);
    expect((await copy(owner.token, { tocourseid: mine.id, ids: [] })).message).toBe('请选择题目');
    expect((await copy(owner.token, {})).message).toBe('请选择要复制到的课程');
    // the assistant of the source who does not keep the target's bank, and a student of the source
    expect((await copy(assistant.token, { tocourseid: mine.id })).code).toBe(30202);
    expect((await copy(students[0]!.token, { tocourseid: mine.id })).code).toBe(40003);
    expect([await held(stranger.id), await held(asStudent.id), await held(mine.id)]).toEqual(before);
  });
});
