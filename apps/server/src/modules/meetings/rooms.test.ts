import { createHmac } from 'node:crypto';
import dgram from 'node:dgram';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, redisUrl, registerUser, STRONG, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { connect, type Message, socketUrl } from '../../../test/sockets';
import { TurnSession, turnAllocate } from '../../../test/turn-client';
import { freeDualPort } from '../../../test/waiting';
import { meetingPresences } from '../../db/schema';
import { SIGNAL_MAX_CHARS, SIGNAL_RATE } from '../../realtime/meeting';
import { startTurnServer, TURN_CREDENTIAL_SECONDS, turnBinary, turnCredential, turnSecret } from './turn-server';

/**
 * The built-in small meeting (decision 041): the classroom socket's signalling checks (members of the
 * course only, 8 a room, offers/answers/candidates relayed only within one room, size and rate), the
 * TURN credentials handed to a room's members only, and the record of who was there.
 */

let db: TestDatabase;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = socketUrl(app);
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

type Person = { token: string; uid: number; mobile: string };
type Socket = Awaited<ReturnType<typeof connect>>;

async function ok(path: string, body: Record<string, unknown>, who: Person) {
  const res = await call(app, path, body, { token: who.token });
  if (res.status !== 1) throw new Error(`${path}: ${res.code} ${res.message}`);
  return res.data;
}

async function courseWith(students: number) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token, { coursename: '答疑课' });
  const people: Person[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app, { username: `同学${i + 1}` });
    await ok('/CourseApi/joinCourse', { code: course.code }, s);
    people.push(s);
  }
  return { teacher, course, students: people };
}

/** The answer to a meeting command: its event, or the refusal that names it. */
async function answer(s: Socket, cmd: string, data: Record<string, unknown>, expect: string): Promise<Message> {
  const before = s.messages.length;
  await s.send({ cmd, data });
  const found = s.messages.slice(before).find((m) => m.cmd === expect || (m.cmd === 'User.error' && m.data?.cmd === cmd));
  if (!found) throw new Error(`no answer to ${cmd}: ${JSON.stringify(s.messages.slice(before))}`);
  return found;
}

const join = (s: Socket, courseId: number, room = 1) => answer(s, 'Meeting.join', { courseid: courseId, room }, 'Meeting.joined');

describe('built-in meeting: signalling on the classroom socket', () => {
  it('refuses a person who is not a member of the course, and a bad room', async () => {
    const { course } = await courseWith(0);
    const stranger = await registerUser(app);
    const s = await connect(url, stranger.token);
    const refused = await join(s, course.id);
    expect(refused).toMatchObject({ cmd: 'User.error', code: -1, msg: '课程不存在或您不是该课程的成员', data: { code: 30202 } });
    const badRoom = await join(s, course.id, 10);
    expect(badRoom).toMatchObject({ cmd: 'User.error', msg: '会议室编号应为 1 到 9' });
    // and nothing was written
    expect(await app.ctx.db.select().from(meetingPresences).where(eq(meetingPresences.courseId, course.id))).toEqual([]);
    s.close();
  });

  it('takes 8 people in a room and refuses the 9th; another room still has space', async () => {
    const { teacher, course, students } = await courseWith(8);
    const sockets: Socket[] = [];
    for (const who of [teacher, ...students.slice(0, 7)]) {
      const s = await connect(url, who.token);
      expect((await join(s, course.id)).cmd).toBe('Meeting.joined');
      sockets.push(s);
    }
    const ninth = await connect(url, students[7]!.token);
    const full = await join(ninth, course.id);
    expect(full).toMatchObject({
      cmd: 'User.error',
      msg: '这个会议室已满（最多 8 人）',
      data: { cmd: 'Meeting.join', code: 30408 },
    });
    expect((await join(ninth, course.id, 2)).cmd).toBe('Meeting.joined');
    // the room list shows 8 in room 1 and 1 in room 2
    const rooms = await ok('/Futurev2/Meeting/getMeetingRooms', { courseid: course.id }, students[0]!);
    expect(rooms.rooms[0].people).toHaveLength(8);
    expect(rooms.rooms[1].people).toHaveLength(1);
    // one leaves: the 9th gets in
    await answer(sockets[1]!, 'Meeting.leave', {}, 'Meeting.left');
    expect((await join(ninth, course.id, 1)).cmd).toBe('Meeting.joined');
    for (const s of [...sockets, ninth]) s.close();
  });

  it('relays offers, answers and candidates within one room only, and refuses the rest', async () => {
    const { teacher, course, students } = await courseWith(2);
    const [a, b, c] = [
      await connect(url, teacher.token),
      await connect(url, students[0]!.token),
      await connect(url, students[1]!.token),
    ];
    const outsider = await connect(url, (await newTeacher(app)).token);
    const other = await courseWith(0);
    const elsewhere = await connect(url, other.teacher.token);

    // not in a room: nothing is relayed
    const notIn = await answer(a, 'Meeting.signal', { to: 1, kind: 'offer', sdp: 'v=0' }, 'never');
    expect(notIn).toMatchObject({ msg: '您不在这个会议室中', data: { code: 30409 } });

    const pa = (await join(a, course.id)).data.peerid as number;
    const joinedB = await join(b, course.id);
    const pb = joinedB.data.peerid as number;
    expect(joinedB.data.people).toEqual([expect.objectContaining({ peerid: pa, userid: teacher.uid })]);
    const pc = (await join(c, course.id, 2)).data.peerid as number;
    const pe = (await join(elsewhere, other.course.id)).data.peerid as number;
    await expect.poll(() => a.events('Meeting.peerJoined').map((m) => m.data.peerid)).toEqual([pb]);

    // a's offer reaches b, b's answer and candidate reach a
    b.messages.length = 0;
    await a.send({ cmd: 'Meeting.signal', data: { to: pb, kind: 'offer', sdp: 'v=0 offer' } });
    await expect
      .poll(() => b.events('Meeting.signal').map((m) => m.data))
      .toEqual([{ from: pa, kind: 'offer', sdp: 'v=0 offer' }]);
    await b.send(
      { cmd: 'Meeting.signal', data: { to: pa, kind: 'answer', sdp: 'v=0 answer' } },
      { cmd: 'Meeting.signal', data: { to: pa, kind: 'ice', candidate: { candidate: 'candidate:1', sdpMid: '0' } } },
    );
    await expect.poll(() => a.events('Meeting.signal').map((m) => m.data.kind)).toEqual(['answer', 'ice']);

    // to someone in another room of the course, in another course, or not in a meeting: refused, not relayed
    for (const to of [pc, pe, 999_999]) {
      const refused = await answer(a, 'Meeting.signal', { to, kind: 'offer', sdp: 'v=0' }, 'never');
      expect(refused).toMatchObject({ msg: '对方已不在这个会议室中', data: { cmd: 'Meeting.signal', code: 30410 } });
    }
    // an outsider of the course cannot signal into it
    const fromOutside = await answer(outsider, 'Meeting.signal', { to: pa, kind: 'offer', sdp: 'v=0' }, 'never');
    expect(fromOutside.data.code).toBe(30409);
    expect(c.events('Meeting.signal')).toEqual([]);
    expect(elsewhere.events('Meeting.signal')).toEqual([]);

    // too large
    const big = await answer(a, 'Meeting.signal', { to: pb, kind: 'offer', sdp: 'x'.repeat(SIGNAL_MAX_CHARS) }, 'never');
    expect(big).toMatchObject({ msg: '会议信令消息太大', data: { code: 30411 } });
    // a message dressed as a signal but carrying another command is refused (it skipped the general rate)
    const before = a.messages.length;
    a.socket.send('{"cmd":"Meeting.signal","cmd":"AttendClass.setActive","data":{"classId":1}}');
    await expect.poll(() => a.messages.slice(before).map((m) => m.msg)).toContain('输入内容不正确');

    // b leaves: a hears it, and a's signal to b is refused
    await answer(b, 'Meeting.leave', {}, 'Meeting.left');
    await expect.poll(() => a.events('Meeting.peerLeft').map((m) => m.data.peerid)).toEqual([pb]);
    expect((await answer(a, 'Meeting.signal', { to: pb, kind: 'ice', candidate: { candidate: 'x' } }, 'never')).data.code).toBe(
      30410,
    );
    for (const s of [a, b, c, outsider, elsewhere]) s.close();
  });

  it('limits the rate of signalling without closing the socket', async () => {
    const { teacher, course, students } = await courseWith(1);
    const [a, b] = [await connect(url, teacher.token), await connect(url, students[0]!.token)];
    await join(a, course.id);
    const pb = (await join(b, course.id)).data.peerid as number;
    // to b itself: each is refused as a bad input once counted, so the burst costs no query
    const burst = Array.from({ length: SIGNAL_RATE + 5 }, () => ({
      cmd: 'Meeting.signal',
      data: { to: pb, kind: 'ice', candidate: { candidate: 'candidate:1' } },
    }));
    await b.send(...burst);
    const limited = b.events('User.error').filter((m) => m.msg === '会议信令消息太频繁，请稍后再试');
    expect(limited.length).toBe(5);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    a.close();
    b.close();
  });

  it('closes the presence when the socket closes, and keeps the record for teachers', async () => {
    const { teacher, course, students } = await courseWith(1);
    const [a, b] = [await connect(url, teacher.token), await connect(url, students[0]!.token)];
    await join(a, course.id);
    const pb = (await join(b, course.id, 1)).data.peerid as number;
    b.close();
    await expect.poll(() => a.events('Meeting.peerLeft').map((m) => m.data.peerid)).toEqual([pb]);
    const record = await ok('/Futurev2/Meeting/getMeetingRecord', { courseid: course.id }, teacher);
    expect(record.total).toBe(2);
    expect(record.list[0]).toMatchObject({ room: 1, userid: students[0]!.uid, name: '同学1', here: 0 });
    expect(record.list[0].left).toBeGreaterThan(0);
    expect(record.list[1]).toMatchObject({ userid: teacher.uid, here: 1, left: 0 });
    const refused = await call(app, '/Futurev2/Meeting/getMeetingRecord', { courseid: course.id }, { token: students[0]!.token });
    expect(refused.code).toBe(40003);
    a.close();
  });
});

describe('built-in meeting: leaving with the course, and across instances', () => {
  it('takes a person who quits the course out of the room', async () => {
    const { teacher, course, students } = await courseWith(1);
    const [a, b] = [await connect(url, teacher.token), await connect(url, students[0]!.token)];
    await join(a, course.id);
    const pb = (await join(b, course.id)).data.peerid as number;
    await ok('/CourseApi/quitCourse', { courseid: course.id, password: STRONG }, students[0]!);
    await expect.poll(() => a.events('Meeting.peerLeft').map((m) => m.data.peerid)).toEqual([pb]);
    const rooms = await ok('/Futurev2/Meeting/getMeetingRooms', { courseid: course.id }, teacher);
    expect(rooms.rooms[0].people.map((p: { userid: number }) => p.userid)).toEqual([teacher.uid]);
    a.close();
    b.close();
  });

  it.runIf(redisUrl)(
    'relays a signal to a peer whose socket is on another instance, and counts the cap across them (Redis)',
    async () => {
      const other = await testApp(db);
      await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { teacher, course, students } = await courseWith(8);
        const a = await connect(url, teacher.token);
        const b = await connect(socketUrl(other), students[0]!.token);
        const pa = (await join(a, course.id)).data.peerid as number;
        const pb = (await join(b, course.id)).data.peerid as number;
        await expect.poll(() => a.events('Meeting.peerJoined').map((m) => m.data.peerid)).toEqual([pb]);
        await b.send({ cmd: 'Meeting.signal', data: { to: pa, kind: 'offer', sdp: 'v=0 across' } });
        await expect
          .poll(() => a.events('Meeting.signal').map((m) => m.data))
          .toEqual([{ from: pb, kind: 'offer', sdp: 'v=0 across' }]);
        // six more, alternately on each instance: the 9th is refused wherever it joins
        const more: Socket[] = [];
        for (const [i, who] of students.slice(1, 7).entries()) {
          const s = await connect(i % 2 ? url : socketUrl(other), who.token);
          expect((await join(s, course.id)).cmd).toBe('Meeting.joined');
          more.push(s);
        }
        const ninth = await connect(socketUrl(other), students[7]!.token);
        expect((await join(ninth, course.id)).data.code).toBe(30408);
        for (const s of [a, b, ninth, ...more]) s.close();
      } finally {
        await other.close();
      }
    },
  );
});

describe('built-in meeting: TURN credentials', () => {
  it('are handed to the members of the room only, signed with the shared secret and short-lived', async () => {
    const { teacher, course, students } = await courseWith(1);
    const stranger = await registerUser(app);
    const ice = (who: Person, room = 1) =>
      call(app, '/Futurev2/Meeting/getMeetingIce', { courseid: course.id, room }, { token: who.token });
    // not a member of the course; a member not in the room
    expect((await ice(stranger)).code).toBe(30202);
    const notIn = await ice(students[0]!);
    expect(notIn).toMatchObject({ code: 30409, message: '您不在这个会议室中' });

    const a = await connect(url, teacher.token);
    await join(a, course.id);
    // coturn not running: no servers, peers on one network still meet
    const running = app.ctx.turn.running;
    app.ctx.turn.running = false;
    expect((await ice(teacher)).data).toEqual({ iceServers: [], ttl: 0, turn: 0 });
    app.ctx.turn.running = true;
    try {
      const given = (await ice(teacher)).data;
      expect(given.turn).toBe(1);
      expect(given.ttl).toBe(TURN_CREDENTIAL_SECONDS);
      const turn = given.iceServers[1];
      const [expires, uid] = turn.username.split(':').map(Number);
      expect(uid).toBe(teacher.uid);
      expect(Math.abs(expires - (Date.now() / 1000 + TURN_CREDENTIAL_SECONDS))).toBeLessThan(5);
      expect(turn.credential).toBe(createHmac('sha1', turnSecret(app.ctx.secret)).update(turn.username).digest('base64'));
      expect(turn.urls[0]).toMatch(/^turn:localhost:3478\?transport=udp$/);
      // in another room the teacher is not: refused
      expect((await ice(teacher, 2)).code).toBe(30409);
      // after leaving: refused
      await answer(a, 'Meeting.leave', {}, 'Meeting.left');
      expect((await ice(teacher)).code).toBe(30409);
    } finally {
      app.ctx.turn.running = running;
      a.close();
    }
  });

  it.runIf(turnBinary())('are taken by coturn while valid and refused once expired or forged', async () => {
    // the listening port and 20 relay ports after it, free and out of the ephemeral range
    const port = await freeDualPort(20);
    const server = await startTurnServer({
      workDir: path.join(os.tmpdir(), `paiclass-coturn-${port}`),
      listen: '127.0.0.1',
      port,
      minPort: port + 1,
      maxPort: port + 20,
      secret: app.ctx.secret,
      allowPrivatePeers: true,
    });
    try {
      const sign = (username: string) => createHmac('sha1', turnSecret(app.ctx.secret)).update(username).digest('base64');
      const now = Math.floor(Date.now() / 1000);
      const good = `${now + 600}:7`;
      expect(await turnAllocate('127.0.0.1', port, good, sign(good))).toMatchObject({ ok: true });
      const expired = `${now - 10}:7`;
      expect(await turnAllocate('127.0.0.1', port, expired, sign(expired))).toMatchObject({ ok: false, code: 401 });
      expect(await turnAllocate('127.0.0.1', port, good, 'forged')).toMatchObject({ ok: false, code: 401 });
    } finally {
      await server.stop();
    }
  });

  /** coturn on free ports, relaying to private peers or not, stopped after `work`. */
  async function withTurn(allowPrivatePeers: boolean, work: (port: number) => Promise<void>) {
    const port = await freeDualPort(20);
    const server = await startTurnServer({
      workDir: path.join(os.tmpdir(), `paiclass-coturn-${port}`),
      listen: '127.0.0.1',
      port,
      minPort: port + 1,
      maxPort: port + 20,
      secret: app.ctx.secret,
      allowPrivatePeers,
    });
    try {
      await work(port);
    } finally {
      await server.stop();
    }
  }
  /** A peer on this machine's loopback: what it hears, and where from. */
  async function peerSocket() {
    const socket = dgram.createSocket('udp4');
    const heard: { data: string; port: number }[] = [];
    socket.on('message', (m, from) => heard.push({ data: String(m), port: from.port }));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return { socket, heard, address: { address: '127.0.0.1', port: (socket.address() as { port: number }).port } };
  }

  it.runIf(turnBinary())("relays a member's media to a peer and back through the relayed address", async () => {
    await withTurn(true, async (port) => {
      // the credential PaiClass hands a meeting's member (getIceServers)
      const { username, credential } = turnCredential(app.ctx.secret, 7);
      const allocated = await TurnSession.allocate('127.0.0.1', port, username, credential);
      if (!allocated.ok) throw new Error(`allocation refused: ${allocated.code}`);
      const { session } = allocated;
      const peer = await peerSocket();
      try {
        expect(session.relayed).toMatchObject({ address: '127.0.0.1' });
        expect(await session.permit(peer.address)).toEqual({ ok: true });
        session.send(peer.address, Buffer.from('frame-1'));
        // the peer hears it from the relayed address, not from the member's own
        await expect.poll(() => peer.heard).toEqual([{ data: 'frame-1', port: session.relayed!.port }]);
        peer.socket.send('frame-2', session.relayed!.port, '127.0.0.1');
        await expect
          .poll(() => session.heard.map((h) => ({ from: h.from, data: String(h.data) })))
          .toEqual([{ from: peer.address, data: 'frame-2' }]);
      } finally {
        session.close();
        peer.socket.close();
      }
    });
  });

  it.runIf(turnBinary())('relays nothing to loopback or private addresses as configured for production', async () => {
    await withTurn(false, async (port) => {
      const { username, credential } = turnCredential(app.ctx.secret, 7);
      const allocated = await TurnSession.allocate('127.0.0.1', port, username, credential);
      if (!allocated.ok) throw new Error(`allocation refused: ${allocated.code}`);
      const { session } = allocated;
      const peer = await peerSocket();
      try {
        expect(await session.permit(peer.address)).toEqual({ ok: false, code: 403 });
        expect(await session.permit({ address: '10.1.2.3', port: 5000 })).toEqual({ ok: false, code: 403 });
        expect(await session.permit({ address: '192.168.1.20', port: 5000 })).toEqual({ ok: false, code: 403 });
        session.send(peer.address, Buffer.from('frame-1'));
        // what a refused permission would have carried: give it the time a relay takes on this machine
        await new Promise((r) => setTimeout(r, 500));
        expect(peer.heard).toEqual([]);
      } finally {
        session.close();
        peer.socket.close();
      }
    });
  });
});
