import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse } from '../../../test/courses';
import { call, newAddress, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { attendanceRecords, courseMembers, users } from '../../db/schema';
import { createSession } from '../accounts/sessions';
import { issueTicket } from './tickets';

/**
 * Issue 24: a QR check-in relayed to an absent friend. The device is the server's signed cookie, not
 * the client's `deviceid`; a whole class on one address scanning the same tickets is never flagged.
 */
let db: TestDatabase;
let app: FastifyInstance;
type Person = { token: string; uid: number };
let owner: Person;
let students: Person[];
let courseid: number;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  owner = await person(1, '王老师', '');
  courseid = (await newCourse(app, owner.token)).id;
  students = [];
  for (let i = 0; i < 64; i++) students.push(await person(0, `学生${i}`, `2027${String(i).padStart(4, '0')}`));
  await app.ctx.db.insert(courseMembers).values(students.map((s) => ({ courseId: courseid, userId: s.uid, role: 'student' })));
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

let people = 0;
async function person(usertype: 0 | 1, username: string, stno: string): Promise<Person> {
  const mobile = `139${String(Date.now() % 100000).padStart(5, '0')}${String(people++).padStart(3, '0')}`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({ usertype, username, stno, account: mobile, mobile, school: '示范学校', lang: 'zh' })
    .returning();
  return { uid: u!.id, token: await createSession(app.ctx.db, u!.id, false, null) };
}

/** A browser's cookie jar: sends what it holds, keeps what the server sets. */
type Jar = { cookie?: string };
async function scan(p: Person, ticket: Record<string, unknown>, opts: { ip?: string; jar?: Jar } = {}) {
  const jar = opts.jar ?? {};
  const res = await app.inject({
    method: 'POST',
    url: '/AttenceApi/AttenceResult',
    headers: { token: p.token, ...(jar.cookie && { cookie: jar.cookie }) },
    payload: ticket,
    remoteAddress: opts.ip ?? newAddress(),
  });
  const set = res.headers['set-cookie'];
  if (set) jar.cookie = String(set).split(';')[0];
  return { body: res.json(), setCookie: set };
}
async function startQr() {
  const res = await call(app, '/AttenceApi/addAttence', { courseid, title: '扫码签到', duration: 10 }, { token: owner.token });
  expect(res.status, res.message).toBe(1);
  return res.data.id as number;
}
const screen = async (id: number) => {
  const t = (await call(app, '/AttenceApi/getQrCode', { id }, { token: owner.token })).data;
  return { ticketid: t.ticketid, expire: t.expire, sign: t.sign };
};
/** a ticket the screen showed `age` seconds ago (still within its 12 s) */
const shownAgo = (id: number, age: number) => {
  const { ticketid, expire, sign } = issueTicket(app.ctx.secret, id, Date.now() - age * 1000);
  return { ticketid, expire, sign };
};
const risks = async (id: number) => {
  const list = (await call(app, '/AttenceV2Api/getAttenceStudentLists', { attenceid: id }, { token: owner.token })).data;
  return new Map<number, string[]>(list.lists.map((r: { userid: number; risk: string[] }) => [r.userid, r.risk]));
};
const rows = (id: number) => app.ctx.db.select().from(attendanceRecords).where(eq(attendanceRecords.attendanceId, id));

describe('a whole class in one room', () => {
  it('60 students scanning the rotating screen from one address (campus Wi-Fi), slow phones too: nobody flagged', async () => {
    const id = await startQr();
    const wifi = newAddress();
    // the screen's two latest tickets, taken again as the screen turns them; every third a slow phone, its
    // ticket 9 s old (one such ticket shared by up to 5, then a new one: a ticket lives 12 s). On a busy
    // machine sixty scans can outlast a ticket, so both are renewed by the clock too, as a screen renews them
    let tickets = [await screen(id), await screen(id)];
    let shownAt = Date.now();
    let slow = shownAgo(id, 9);
    let slowAt = Date.now();
    for (let i = 0; i < 60; i++) {
      if (Date.now() - shownAt > 5_000) {
        tickets = [await screen(id), await screen(id)];
        shownAt = Date.now();
      }
      if (i % 15 === 14 || Date.now() - slowAt > 1_500) {
        slow = shownAgo(id, 9);
        slowAt = Date.now();
      }
      const ticket = i % 3 === 2 ? slow : tickets[i % 3]!;
      const { body } = await scan(students[i]!, { ...ticket, deviceid: 'same-app-build' }, { ip: wifi });
      expect(body.data?.state, body.message).toBe(8);
    }
    const recorded = await rows(id);
    expect(recorded).toHaveLength(60);
    expect(recorded.filter((r) => r.risk.length > 0)).toEqual([]);
    const seen = await risks(id);
    expect([...seen.values()].filter((r) => r.length > 0)).toEqual([]);
    const staff = (await call(app, '/AttenceV2Api/getAttenceStudentLists', { attenceid: id }, { token: owner.token })).data;
    expect(JSON.stringify(staff)).not.toMatch(/relayedTicket|sharedDevice|ticketFarApart/);
  });
});

describe('the device is the server’s signed cookie', () => {
  it('one cookie jar checking in three accounts flags all three; the client’s deviceid is not trusted', async () => {
    const id = await startQr();
    const jar: Jar = {};
    const [a, b, c, d] = [students[60]!, students[61]!, students[62]!, students[63]!];
    const first = await scan(a, { ...(await screen(id)), deviceid: 'x1' }, { jar });
    expect(first.body.data.state).toBe(8);
    // HttpOnly, SameSite=Lax, long-lived, signed
    expect(String(first.setCookie)).toMatch(/^pc_device=[0-9a-f]{32}\.[\w-]+; Path=\/; Max-Age=\d{8}; HttpOnly; SameSite=Lax$/);
    expect((await scan(b, { ...(await screen(id)), deviceid: 'x2' }, { jar })).body.data.state).toBe(8);
    expect((await scan(c, { ...(await screen(id)), deviceid: 'x3' }, { jar })).body.data.state).toBe(8);
    // another phone sending the same client deviceid, and no cookie: not the same device
    expect((await scan(d, { ...(await screen(id)), deviceid: 'x1' })).body.data.state).toBe(8);
    const seen = await risks(id);
    for (const p of [a, b, c]) expect(seen.get(p.uid)).toContain('sharedDevice');
    expect(seen.get(d.uid)).toEqual([]);
    const [row] = await app.ctx.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.attendanceId, id), eq(attendanceRecords.userId, a.uid)));
    expect(row!.device).toBe(jar.cookie!.split('=')[1]!.split('.')[0]);
  });

  it('a forged cookie is a new device, and the answer sets a real one', async () => {
    const id = await startQr();
    const forged: Jar = { cookie: `pc_device=${'a'.repeat(32)}.forged` };
    const first = await scan(students[60]!, await screen(id), { jar: forged });
    expect(first.setCookie).toBeDefined();
    const other: Jar = { cookie: `pc_device=${'a'.repeat(32)}.forged` };
    await scan(students[61]!, await screen(id), { jar: other });
    const seen = await risks(id);
    expect(seen.get(students[60]!.uid)).toEqual([]);
    expect(seen.get(students[61]!.uid)).toEqual([]);
  });
});

describe('a relayed ticket', () => {
  it('a ticket used again later from another address is flagged on the late use only', async () => {
    const id = await startQr();
    const room = newAddress();
    const ticket = shownAgo(id, 9);
    // the friend in the room scanned it when it was on screen
    await app.ctx.db.insert(attendanceRecords).values({
      attendanceId: id,
      userId: students[0]!.uid,
      courseId: courseid,
      state: 0,
      recordStatus: 1,
      checkinAt: new Date(Date.now() - 8000),
      address: room,
      ticketId: ticket.ticketid,
    });
    // …and another classmate in the room, late, on the same Wi-Fi: not flagged
    expect((await scan(students[1]!, ticket, { ip: room })).body.data.state).toBe(8);
    // the absent student, elsewhere, seconds later
    const away = await scan(students[2]!, ticket, { ip: newAddress() });
    expect(away.body.data.state).toBe(8);
    const seen = await risks(id);
    expect(seen.get(students[2]!.uid)).toEqual(['relayedTicket']);
    expect(seen.get(students[0]!.uid)).toEqual([]);
    expect(seen.get(students[1]!.uid)).toEqual([]);
    const [row] = (await rows(id)).filter((r) => r.userId === students[2]!.uid);
    expect(row!.risk).toEqual(['relayedTicket']);
  });

  it('a fresh ticket used from two addresses (a student on mobile data) is not flagged', async () => {
    const id = await startQr();
    const ticket = await screen(id);
    await scan(students[3]!, ticket, { ip: newAddress() });
    await scan(students[4]!, ticket, { ip: newAddress() });
    const seen = await risks(id);
    expect(seen.get(students[3]!.uid)).toEqual([]);
    expect(seen.get(students[4]!.uid)).toEqual([]);
  });

  it('one ticket used from positions far apart flags both uses', async () => {
    const id = await startQr();
    const ticket = await screen(id);
    const wifi = newAddress();
    const room = { latitude: 39.908722, longitude: 116.397499, accuracy: 20 };
    await scan(students[5]!, { ...ticket, ...room }, { ip: wifi });
    await scan(
      students[6]!,
      { ...ticket, latitude: room.latitude + 0.0005, longitude: room.longitude, accuracy: 30 },
      { ip: wifi },
    );
    // 50 km away, same address (a VPN back to campus)
    await scan(
      students[7]!,
      { ...ticket, latitude: room.latitude + 0.45, longitude: room.longitude, accuracy: 30 },
      { ip: wifi },
    );
    const seen = await risks(id);
    expect(seen.get(students[7]!.uid)).toEqual(['ticketFarApart']);
    expect(seen.get(students[5]!.uid)).toEqual(['ticketFarApart']);
    expect(seen.get(students[6]!.uid)).toEqual(['ticketFarApart']);
  });
});
