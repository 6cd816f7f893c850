import type { FastifyInstance } from 'fastify';
import { courseMembers, users } from '../src/db/schema';
import { createSession } from '../src/modules/accounts/sessions';
import { newCourse } from './courses';
import { call, type Envelope } from './helpers';

/**
 * Fixtures of the test-and-exam tests (issue 14): accounts made directly with a session as a login
 * makes one (registration runs argon2, slow on a busy machine), a course with its teacher, an
 * assistant and students, an outsider (a student of another course) and a stranger.
 */
export interface Person {
  token: string;
  uid: number;
}

let made = 0;
export async function person(app: FastifyInstance, usertype: 0 | 1, username: string, lang: 'zh' | 'en' = 'zh'): Promise<Person> {
  made += 1;
  const mobile = `137${String(Date.now() % 100000).padStart(5, '0')}${String(made % 1000).padStart(3, '0')}`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({
      usertype,
      username,
      stno: usertype === 0 ? `2026${String(made).padStart(4, '0')}` : '',
      account: mobile,
      mobile,
      school: '示范学校',
      lang,
    })
    .returning();
  return { uid: u!.id, token: await createSession(app.ctx.db, u!.id, false, null) };
}

export interface Classroom {
  courseid: number;
  code: string;
  owner: Person;
  assistant: Person;
  students: Person[];
  outsider: Person;
  stranger: Person;
}

export async function classroom(app: FastifyInstance, count = 3): Promise<Classroom> {
  const owner = await person(app, 1, '王老师');
  const assistant = await person(app, 1, '李助教');
  const course = await newCourse(app, owner.token);
  await app.ctx.db.insert(courseMembers).values({ courseId: course.id, userId: assistant.uid, role: 'assistant' });
  const students: Person[] = [];
  for (let i = 0; i < count; i++) {
    const s = await person(app, 0, `学生${i}`);
    const joined = await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    if (joined.status !== 1) throw new Error(`join: ${joined.code} ${joined.message}`);
    students.push(s);
  }
  const outsider = await person(app, 0, '外人');
  const other = await newCourse(app, (await person(app, 1, '别的老师')).token);
  await call(app, '/CourseApi/joinCourse', { code: other.code }, { token: outsider.token });
  const stranger = await person(app, 0, '路人');
  return { courseid: course.id, code: course.code, owner, assistant, students, outsider, stranger };
}

/** A successful call's data, or a thrown error naming the refusal. */
// biome-ignore lint/suspicious/noExplicitAny: fixtures read the answers' fields by name
export function must<T = any>(res: Envelope<T>, what: string): T {
  if (res.status !== 1) throw new Error(`${what}: ${res.code} ${res.message}`);
  return res.data;
}

/** One question of each of the fifteen types, as a teacher writes them (stems carry `marker`). */
export function everyType(marker: string) {
  return [
    { type: 1, title: `<p>${marker} 地球是圆的</p>`, answer: '1', score: 2 },
    { type: 2, title: `<p>${marker} 1+1=?</p>`, options: ['1', '2', '3', '4'], answer: 'B', score: 3 },
    { type: 3, title: `<p>${marker} 偶数有</p>`, options: ['2', '3', '4', '5'], answer: 'A|C', score: 4 },
    { type: 4, title: `<p>${marker} 简述牛顿第一定律</p>`, answer: '物体保持静止或匀速直线运动', score: 10 },
    { type: 5, title: `<p>${marker} 中国的首都是____，最大的城市是____</p>`, blanks: [['北京', 'Beijing'], ['上海']], score: 4 },
    { type: 6, title: `<p>${marker} 质数有</p>`, options: ['2', '4', '6', '9'], answer: 'A', score: 3 },
    { type: 7, title: `<p>${marker} 上传你的实验报告</p>`, score: 10 },
    { type: 10, title: `<p>${marker} 以下为第二部分</p>` },
    { type: 11, title: `<p>${marker} 你最喜欢的章节</p>`, options: ['第一章', '第二章'], score: 1 },
    { type: 12, title: `<p>${marker} 你用过的工具</p>`, options: ['纸笔', '计算器', '电脑'], score: 1 },
    { type: 13, title: `<p>${marker} 本课难度</p>`, min: 1, max: 5, score: 1 },
    { type: 14, title: `<p>${marker} 匿名建议</p>`, score: 1 },
    { type: 15, title: `<p>${marker} 拍下你的草稿</p>`, score: 5 },
  ];
}
