import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { courseForm, newTeacher } from './courses';
import { call, registerUser, upload } from './helpers';

/**
 * A populated classroom for the fuzz suite and the role matrix: course A with an owner, an
 * assistant and a student, holding one of every kind of thing an endpoint takes an id of (content,
 * homework, a submission, a comment, a directory, a class, a grouping and a group, a file, a
 * message notice); and course B with its own teacher and student, the "other course".
 */

export type Role = 'anonymous' | 'stranger' | 'outsider' | 'student' | 'assistant' | 'owner';
export const ROLES: Role[] = ['anonymous', 'stranger', 'outsider', 'student', 'assistant', 'owner'];

export interface Person {
  token: string;
  uid: number;
  mobile: string;
}

export interface People {
  owner: Person;
  assistant: Person;
  student: Person;
  /** a student of course B only */
  outsider: Person;
  /** logged in, in no course */
  stranger: Person;
  /** course B's teacher */
  ownerB: Person;
}

/** The ids a course holds; every title in course A carries `marker`, so an answer that leaks it shows. */
export interface CourseIds {
  marker: string;
  courseid: number;
  code: string;
  content: number;
  topic: number;
  homework: number;
  submission: number;
  comment: number;
  directory: number;
  classid: number;
  groupset: number;
  group: number;
  file: number;
  notice: number;
}

// biome-ignore lint/suspicious/noExplicitAny: fixtures read the answers' fields by name
const must = (res: { status: number; code: number; message: string; data: any }, what: string) => {
  if (res.status !== 1) throw new Error(`${what}: ${res.code} ${res.message}`);
  return res.data;
};

/** The accounts of both courses (registration runs argon2: done once per file). */
export async function registerPeople(app: FastifyInstance): Promise<People> {
  const person = (p: { token: string; uid: number; mobile: string }) => ({ token: p.token, uid: p.uid, mobile: p.mobile });
  return {
    owner: person(await newTeacher(app)),
    assistant: person(await newTeacher(app)),
    student: person(await registerUser(app)),
    outsider: person(await registerUser(app)),
    stranger: person(await registerUser(app)),
    ownerB: person(await newTeacher(app)),
  };
}

/** Creates a course owned by `owner`, with `assistant` and `student` in it, and one of each thing. */
export async function populateCourse(
  app: FastifyInstance,
  people: { owner: Person; assistant?: Person; student: Person },
): Promise<CourseIds> {
  const marker = `MK${randomBytes(5).toString('hex')}`;
  const as = (p: Person) => ({ token: p.token });
  const { owner, assistant, student } = people;
  const course = must(
    await call(app, '/CourseApi/createCourse', courseForm({ coursename: `课 ${marker}` }), as(owner)),
    'createCourse',
  );
  const courseid = course.id as number;
  must(await call(app, '/CourseApi/joinCourse', { code: course.code }, as(student)), 'joinCourse');
  if (assistant)
    must(await call(app, '/AssistantApi/addAssistant', { courseid, account: assistant.mobile }, as(owner)), 'addAssistant');
  const file = must(
    await upload(app, '/UploadApi/uploadV2', owner.token, {}, { name: `${marker}.txt`, data: Buffer.from(`文件 ${marker}`) }),
    'uploadV2',
  ).file.id as number;
  const studentFile = must(
    await upload(
      app,
      '/UploadApi/uploadV2',
      student.token,
      {},
      { name: `作业 ${marker}.txt`, data: Buffer.from(`作业 ${marker}`) },
    ),
    'uploadV2',
  ).file.id as number;
  const directory = must(
    await call(app, '/CourseApi/addDirectory', { courseid, title: `目录 ${marker}` }, as(owner)),
    'addDirectory',
  ).id;
  const content = must(
    await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid, contenttype: 2, title: `资料 ${marker}`, fileids: [file] },
      as(owner),
    ),
    'addContent',
  ).id;
  const topic = must(
    await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid, contenttype: 5, title: `话题 ${marker}`, content: `<p>${marker}</p>` },
      as(owner),
    ),
    'addContent',
  ).id;
  const comment = must(
    await call(app, '/Futurev2/Comment/addComment', { contentid: topic, content: `评论 ${marker}` }, as(student)),
    'addComment',
  ).id;
  const homework = must(
    await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid, title: `作业 ${marker}`, content: `<p>${marker}</p>`, endtime: Math.floor(Date.now() / 1000) + 86400 },
      as(owner),
    ),
    'addHomework',
  ).id;
  must(
    await call(
      app,
      '/HomeworkApi/stuWorkSubmit',
      { courseid, id: homework, fileids: [studentFile], message: marker },
      as(student),
    ),
    'submit',
  );
  const submissions = must(await call(app, '/HomeworkApi/stuUserList', { courseid, id: homework }, as(owner)), 'stuUserList');
  const submission = Number(findKey(submissions, 'sid'));
  const classid = must(
    await call(app, '/FutureV2/ClassAdministration/create', { courseid, name: `班 ${marker.slice(0, 6)}` }, as(owner)),
    'class',
  ).id;
  const groupset = must(
    await call(app, '/CourseGroupActivityApi/add', { courseid, title: `分组 ${marker.slice(0, 6)}`, type: 1 }, as(owner)),
    'groupset',
  ).id;
  const group = must(
    await call(app, '/CourseGroupApi/add', { courseid, setid: groupset, name: `组 ${marker.slice(0, 6)}` }, as(owner)),
    'group',
  ).id;
  const notices = must(await call(app, '/MessageApi/lists', {}, as(student)), 'MessageApi/lists');
  const notice = Number(findKey(notices, 'id') ?? 0);
  return {
    marker,
    courseid,
    code: course.code,
    content: Number(content),
    topic: Number(topic),
    homework: Number(homework),
    submission,
    comment: Number(comment),
    directory: Number(directory),
    classid: Number(classid),
    groupset: Number(groupset),
    group: Number(group),
    file,
    notice,
  };
}

/** The first value of a key found anywhere in an answer (lists nest their rows differently). */
function findKey(value: unknown, key: string): unknown {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findKey(v, key);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record[key] !== undefined && record[key] !== null && record[key] !== '' && record[key] !== 0) return record[key];
    for (const v of Object.values(record)) {
      const found = findKey(v, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Which of a course's ids a body field names on a given call: `id` means a course on editCourse, a
 * class on the class calls, a grouping on the grouping calls, and so on. Answers undefined for a
 * field that names no id.
 */
export function idFor(url: string, field: string, ids: CourseIds): number | undefined {
  const u = url.toLowerCase();
  switch (field) {
    case 'courseid':
      return ids.courseid;
    case 'classid':
      // the to-do calls call the course filter classid
      return u.includes('todo') ? ids.courseid : ids.classid;
    case 'contentid':
      return u.includes('comment') ? ids.topic : ids.homework;
    case 'replyid':
      return ids.comment;
    case 'setid':
    case 'groupsetid':
      return ids.groupset;
    case 'groupid':
      return ids.group;
    case 'sid':
    case 'other':
      return ids.submission;
    case 'fileid':
      return ids.file;
    case 'dirid':
    case 'drid':
      return ids.directory;
    case 'folderid':
      return 0;
    case 'id':
      if (u === '/courseapi/editcourse') return ids.courseid;
      if (u.includes('classadministration')) return ids.classid;
      if (u.includes('coursegroupactivityapi')) return ids.groupset;
      if (u.includes('directory')) return ids.directory;
      if (u.includes('homeworkapi')) return ids.homework;
      if (u.includes('comment')) return ids.comment;
      if (u.includes('messageapi')) return ids.notice;
      if (u.includes('fileapi')) return ids.file;
      if (u.includes('coursemeans/editcontent') || u.includes('readnotice')) return ids.topic;
      return ids.content;
    default:
      return undefined;
  }
}

/** Id lists on a call: the students, submissions or contents it acts on. */
export function idsFor(url: string, field: string, ids: CourseIds, people: People): number[] | undefined {
  switch (field) {
    case 'uids':
      return [people.student.uid];
    case 'sids':
      return [ids.submission];
    case 'fileids':
      return [ids.file];
    case 'ids':
      return url.toLowerCase().includes('coursemeans') ? [ids.content] : [ids.courseid];
    default:
      return undefined;
  }
}
