import { randomBytes } from 'node:crypto';
import {
  CHAT_REQUEST_TYPES,
  CHAT_RETURN_BAD,
  CHAT_RETURN_LOGIN,
  CHAT_RETURN_OK,
  CHAT_RETURN_REFUSED,
  type ChatRequestType,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, chatLoggedIn, imToken } from './chat-sockets';
import { newCourse, newTeacher } from './courses';
import { HOSTILE, LEAK, TableDigest, WriteWatch } from './fuzz-support';
import { call, registerUser, sweepsElsewhere, type TestDatabase, testApp, testDatabase } from './helpers';

/**
 * The chat socket's requests (spec 2 §4, §7) under the sweeps the HTTP calls get (fuzz.test.ts,
 * role-matrix.test.ts), generated from the request types the contract lists (CHAT_REQUEST_TYPES):
 *
 * - every kind of caller: a socket not logged in gets 401 and nothing written; a stranger (in no course)
 *   and an outsider (a student of another course) never succeed on a group of course A, never see A's
 *   marker, and write nothing; A's student and teacher read the marker with the same payloads, so the
 *   refusals are the access check's, not a bad payload's;
 * - hostile values in every field a request type reads, one field at a time, a hostile frame as a whole,
 *   and a hostile uniqueCode: every one answered on the socket with a known code and no stack or SQL, a
 *   refusal writes nothing, and the socket still answers a ping after them all.
 */

/** The payload fields each request type reads (the schemas of packages/shared/src/chat/schemas.ts). */
const FIELDS: Record<ChatRequestType, string[]> = {
  ping: [],
  login: ['token', 'since'],
  pushMessage: ['groupid', 'msgType', 'msgContent', 'id', 'fileId'],
  getMessage: [],
  removeMessage: ['groupid', 'id'],
  getGroupMessage: ['groupid', 'pageSize', 'beforeId'],
  getGroupUserList: ['groupid'],
};
/** Request types that name a group: only its members may make them. */
const NAMES_A_GROUP: ChatRequestType[] = ['pushMessage', 'removeMessage', 'getGroupMessage', 'getGroupUserList'];
const KNOWN_CODES = [CHAT_RETURN_OK, CHAT_RETURN_REFUSED, CHAT_RETURN_BAD, CHAT_RETURN_LOGIN];

let db: TestDatabase;
let app: FastifyInstance;
let watch: WriteWatch;

/** Course A: its teacher and a student with a private chat and the course group, each holding the marker; course B with its outsider. */
async function world() {
  const marker = `MARK${randomBytes(4).toString('hex')}`;
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const [student, stranger, outsider] = [await registerUser(app), await registerUser(app), await registerUser(app)];
  expect((await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token })).status).toBe(1);
  const teacherB = await newTeacher(app);
  const courseB = await newCourse(app, teacherB.token);
  expect((await call(app, '/CourseApi/joinCourse', { code: courseB.code }, { token: outsider.token })).status).toBe(1);
  const opened = await call(app, '/LetterApi/open', { friendid: student.uid, courseid: course.id }, { token: teacher.token });
  const made = await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token });
  const groups = { private: opened.data.groupId as number, course: made.data.groupId as number };
  const t = await chatLoggedIn(app, teacher);
  const messages: Record<keyof typeof groups, number> = { private: 0, course: 0 };
  for (const kind of ['private', 'course'] as const) {
    const sent = await t.request('pushMessage', { groupid: groups[kind], msgType: 0, msgContent: `${marker} ${kind}` });
    expect(sent.returnCode).toBe(CHAT_RETURN_OK);
    messages[kind] = sent.payload.id;
  }
  await t.close();
  return { marker, teacher, student, stranger, outsider, groups, messages };
}
type World = Awaited<ReturnType<typeof world>>;

/** A payload of each request type that a member of the group may send. */
function plausible(type: ChatRequestType, groupid: number, messageId: number, token = ''): Record<string, unknown> {
  switch (type) {
    case 'login':
      return { token };
    case 'pushMessage':
      return { groupid, msgType: 0, msgContent: '你好' };
    case 'removeMessage':
      return { groupid, id: messageId };
    case 'getGroupMessage':
      return { groupid, pageSize: 20 };
    case 'getGroupUserList':
      return { groupid };
    default:
      return {};
  }
}

beforeAll(async () => {
  if (sweepsElsewhere) return;
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // the tables a refused chat request might touch are all watched; none is meant to be written by a refusal
  const digest = new TableDigest(app);
  await digest.init();
  watch = new WriteWatch(digest);
});
afterAll(async () => {
  if (sweepsElsewhere) return;
  await app.close();
  await db.drop();
});

/** Checks one answer: a known code, no stack or SQL, and nothing written unless it succeeded. */
function expectSafe(frame: { returnCode: number; returnMsg: string }, raw: string, changed: string[], what: string) {
  expect(KNOWN_CODES, `${what}: code ${frame.returnCode}`).toContain(frame.returnCode);
  expect(LEAK.test(frame.returnMsg), `${what}: ${frame.returnMsg}`).toBe(false);
  expect(/\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|node_modules\//.test(raw), `${what}: a stack frame in ${raw.slice(0, 200)}`).toBe(
    false,
  );
  if (frame.returnCode !== CHAT_RETURN_OK) expect(changed, `${what} was refused but wrote`).toEqual([]);
}

describe.skipIf(sweepsElsewhere)('the chat socket under every caller (issue 27: the role matrix)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('answers a socket not logged in with 401 on every request but ping and login, writing nothing', async () => {
    const c = await ChatClient.open(app);
    for (const type of CHAT_REQUEST_TYPES) {
      if (type === 'ping' || type === 'login') continue;
      const { result, changed } = await watch.written(() =>
        c.request(type, plausible(type, w.groups.private, w.messages.private)),
      );
      expect(result.returnCode, type).toBe(CHAT_RETURN_LOGIN);
      expect(changed, type).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(w.marker);
    }
    expect((await c.request('ping')).payload).toBe('pong');
    await c.close();
  });

  it("keeps a stranger and another course's student out of both of course A's groups", async () => {
    for (const who of [w.stranger, w.outsider]) {
      const c = await chatLoggedIn(app, who);
      for (const kind of ['private', 'course'] as const) {
        for (const type of NAMES_A_GROUP) {
          const { result, changed } = await watch.written(() =>
            c.request(type, plausible(type, w.groups[kind], w.messages[kind])),
          );
          expect(result.returnCode, `${type} on A's ${kind} group`).toBe(CHAT_RETURN_REFUSED);
          expect(changed, `${type} on A's ${kind} group`).toEqual([]);
        }
      }
      const sessions = await c.request('getMessage');
      expect(sessions.returnCode).toBe(CHAT_RETURN_OK);
      expect(c.raw.join('\n')).not.toContain(w.marker);
      await c.close();
    }
  });

  it("lets A's student and teacher read the same groups with the same payloads", async () => {
    for (const [who, kinds] of [
      [w.student, ['private', 'course']],
      [w.teacher, ['private', 'course']],
    ] as const) {
      const c = await chatLoggedIn(app, who);
      for (const kind of kinds) {
        const read = await c.request('getGroupMessage', plausible('getGroupMessage', w.groups[kind], 0));
        expect(read.returnCode).toBe(CHAT_RETURN_OK);
        expect(JSON.stringify(read.payload)).toContain(`${w.marker} ${kind}`);
        expect((await c.request('getGroupUserList', { groupid: w.groups[kind] })).returnCode).toBe(CHAT_RETURN_OK);
      }
      await c.close();
    }
  });
});

describe.skipIf(sweepsElsewhere)('the chat socket under hostile input (issue 27: the fuzz sweep)', () => {
  it('answers every hostile field, frame and uniqueCode with a known code, writes nothing on a refusal, and stays open', async () => {
    const w = await world();
    // one login token for the whole sweep: getIMToken has a rate limit of its own
    const token = await imToken(app, w.student);
    const loggedIn = async () => {
      const fresh = await ChatClient.open(app);
      expect((await fresh.request('login', { token })).returnCode).toBe(CHAT_RETURN_OK);
      return fresh;
    };
    let c = await loggedIn();
    let sent = 0;
    let onThisSocket = 1;
    /** sends one request on a logged-in socket (a refused login closes its socket: the next gets a new one) */
    const sweep = async (type: ChatRequestType, payload: unknown, what: string) => {
      // a socket may make 60 requests in 10 s (the gateway's limit): the sweep moves to a new one before that
      if (c.socket.readyState !== c.socket.OPEN || onThisSocket >= 50) {
        if (c.socket.readyState === c.socket.OPEN) await c.close();
        c = await loggedIn();
        onThisSocket = 1;
      }
      onThisSocket++;
      const from = c.raw.length;
      const { result, changed } = await watch.written(() => c.request(type, payload));
      expectSafe(result, c.raw.slice(from).join('\n'), changed, what);
      if (type === 'login' && result.returnCode === CHAT_RETURN_LOGIN) expect(await c.closed, what).toBeGreaterThan(4000);
      sent++;
    };
    for (const type of CHAT_REQUEST_TYPES) {
      for (const field of FIELDS[type])
        for (const value of HOSTILE)
          await sweep(
            type,
            { ...plausible(type, w.groups.private, w.messages.private, token), [field]: value },
            `${type}.${field} = ${JSON.stringify(value)?.slice(0, 40)}`,
          );
      // the payload itself of a wrong shape
      for (const payload of [null, 'x', 7, [], [{ groupid: w.groups.private }]])
        await sweep(type, payload, `${type} with payload ${JSON.stringify(payload)}`);
    }
    await c.close();
    c = await loggedIn();
    // a stored message's code of a wrong kind: refused by name, nothing stored
    for (const code of ['', ' ', 'x'.repeat(10_000), 'a\u0000b']) {
      const { result, changed } = await watch.written(() =>
        c.request('pushMessage', plausible('pushMessage', w.groups.private, 0), code),
      );
      expect(result.returnCode, `uniqueCode ${code.slice(0, 10)}`).toBe(CHAT_RETURN_BAD);
      expect(changed).toEqual([]);
    }
    // frames that are not a request at all: answered as an unknown request, nothing written
    for (const text of ['not json', '[]', 'null', '{"requestType":7}', '{"requestType":"dropTable"}', '{'.repeat(1000)]) {
      const { result, changed } = await watch.written(() => c.send(text, text.includes('dropTable') ? 'dropTable' : '', ''));
      expect(result.returnCode, text.slice(0, 20)).toBe(CHAT_RETURN_BAD);
      expect(changed).toEqual([]);
    }
    expect(sent).toBeGreaterThan(CHAT_REQUEST_TYPES.length * HOSTILE.length);
    expect((await c.request('ping')).payload).toBe('pong');
    await c.close();
  });
});
