import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTeacher } from '../../../test/courses';
import { TableDigest, WriteWatch } from '../../../test/fuzz-support';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { institutionVipGrants, invoices, operators, users } from '../../db/schema';
import { buyer, type Person } from '../commerce/commerce.fixtures';
import { importInstitution } from '../institutions/institutions.service';
import { grantOperator, listOperators, revokeOperator } from './operators.service';

/**
 * Issue 28, "the admin page" (decision 053): operators issue and refuse invoice requests and grant and
 * revoke institution VIP through HTTP, with the command line's own service functions; everyone else is
 * refused 40003 and nothing is written.
 */

let db: TestDatabase;
let app: FastifyInstance;
let ok: ReturnType<typeof buyer>['ok'];
let newOrder: ReturnType<typeof buyer>['newOrder'];
let watch: WriteWatch;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  ({ ok, newOrder } = buyer(app));
  const digest = new TableDigest(app, ['verification_codes', 'figure_codes']);
  await digest.init();
  watch = new WriteWatch(digest);
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

type Login = Person & { mobile: string };
const as = (who: Login | Person, url: string, body: Record<string, unknown> = {}) => call(app, url, body, { token: who.token });
/** The account switched to English, as /ktpMy switches it: the server answers in the account's language. */
const inEnglish = (who: Person) => call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: who.token });

async function platformOperator(): Promise<Login> {
  const o = await registerUser(app);
  await grantOperator(app.ctx, { who: o.mobile });
  return o;
}

async function paidOrders(who: Person, months: number[]) {
  const out: string[] = [];
  for (const m of months) {
    const o = await newOrder(who, m);
    await ok('/OrderApi/sandboxPay', { orderno: o.orderno, result: 'pay' }, who);
    out.push(o.orderno);
  }
  return out;
}
const electronic = (orderno: string[]) => ({
  orderno,
  type: 1,
  invoicetype: 0,
  item: 0,
  title: '钱老师',
  email: 'finance@example.edu.cn',
  telphone: '13800000000',
});
/** A teacher's invoice request over a paid order of one month. */
async function requested() {
  const t = await newTeacher(app);
  const [orderno] = await paidOrders(t, [1]);
  const applied = await ok('/InvoiceApi/applyInvoice', electronic([orderno!]), t);
  return { t, orderno: orderno!, id: applied.id as number, amount: applied.amount as number };
}
const notices = async (who: Person) =>
  (await ok('/MessageApi/lists', { page: 1 }, who)).list as { action: string; title: string }[];
const invoiceRow = async (id: number) => (await db.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

let serial = 0;
/** An institution with one teacher certified by activation code, and the teacher. */
async function school() {
  serial += 1;
  const name = `管理页学院 ${serial}-${Date.now() % 100000}`;
  const realstno = `A${serial}01`;
  const imported = await importInstitution(app.ctx.db, {
    name,
    requireAttest: false,
    people: [{ usertype: 1, realname: '陈老师', realstno, activation: true }],
    classes: [],
  });
  const t = await registerUser(app, { usertype: 1, stno: '', school: name });
  const res = await call(
    app,
    '/AttestApi/attest',
    { jigouid: imported.jigouid, realname: '陈老师', realstno, code: imported.codes[0]!.code },
    { token: t.token },
  );
  expect(res.status).toBe(1);
  return { teacher: t, jigouid: imported.jigouid, jigou: name, realstno };
}

describe('operators on the admin page: invoices', () => {
  it('an operator issues a request: the teacher gets the notice and downloads the PDF from the order', async () => {
    const o = await platformOperator();
    expect((await as(o, '/AdminApi/getOperator')).data).toEqual({ operator: 1, platform: 1, institutions: [] });
    const r = await requested();
    const page = await as(o, '/AdminApi/listInvoiceRequests', { state: 0, page: 1 });
    expect(page.status).toBe(1);
    expect(page.data.list.map((i: { id: number }) => i.id)).toContain(r.id);
    const detail = await as(o, '/AdminApi/getInvoiceRequest', { id: String(r.id) });
    expect(detail.data).toMatchObject({
      id: r.id,
      state: 0,
      title: '钱老师',
      email: 'finance@example.edu.cn',
      amount: r.amount,
      pdf: 0,
      orders: [{ orderno: r.orderno, months: 1, state: 1 }],
    });
    expect((await as(o, '/AdminApi/downloadInvoice', { id: r.id })).code).toBe(31911);

    const number = `8${String(Date.now()).slice(-11)}`;
    const issued = await as(o, '/AdminApi/issueInvoice', { id: String(r.id), number });
    expect(issued).toMatchObject({ status: 1, data: { id: r.id, state: 1, number, pdf: 1 } });
    const told = await notices(r.t);
    expect(told[0]).toMatchObject({ action: 'invoice_issued' });
    expect(told[0]!.title).toContain(number);
    // the PDF, from the teacher's order and from the admin page alike
    const fromOrder = await app.inject({
      method: 'POST',
      url: '/InvoiceApi/downloadInvoice',
      payload: { orderno: r.orderno },
      headers: { token: r.t.token },
    });
    expect(fromOrder.statusCode).toBe(200);
    expect(fromOrder.headers['content-type']).toBe('application/pdf');
    expect(fromOrder.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fromAdmin = await app.inject({
      method: 'POST',
      url: '/AdminApi/downloadInvoice',
      payload: { id: r.id },
      headers: { token: o.token },
    });
    expect(fromAdmin.headers['content-disposition']).toContain(`invoice-${number}.pdf`);
    expect(fromAdmin.rawPayload.equals(fromOrder.rawPayload)).toBe(true);
    // issued: listed under issued, not waiting, and not handled twice
    expect((await as(o, '/AdminApi/listInvoiceRequests', {})).data.list.map((i: { id: number }) => i.id)).not.toContain(r.id);
    expect((await as(o, '/AdminApi/listInvoiceRequests', { state: '1' })).data.list[0]).toMatchObject({ id: r.id });
    const again = await watch.written(() => as(o, '/AdminApi/refuseInvoice', { id: r.id, reason: '重复' }));
    expect(again.result.code).toBe(31913);
    expect(again.changed).toEqual([]);
  });

  it('an operator issues with our own number when none is given', async () => {
    const o = await platformOperator();
    const r = await requested();
    const issued = await as(o, '/AdminApi/issueInvoice', { id: r.id, number: '' });
    expect(issued.data.number).toMatch(new RegExp(`^\\d{8}${String(r.id).padStart(8, '0')}$`));
  });

  it('an operator refuses a request with a reason: the teacher is told and may ask again', async () => {
    const o = await platformOperator();
    const r = await requested();
    const refused = await as(o, '/AdminApi/refuseInvoice', { id: r.id, reason: '  税号与抬头不一致  ' });
    expect(refused).toMatchObject({ status: 1, data: { id: r.id, state: 2, reason: '税号与抬头不一致', pdf: 0 } });
    expect((await notices(r.t))[0]).toMatchObject({ action: 'invoice_refused' });
    expect(await ok('/OrderApi/getOrderInfo', { orderno: r.orderno }, r.t)).toMatchObject({ invoicestate: 3, invoiceable: 1 });
    expect((await as(o, '/AdminApi/listInvoiceRequests', { state: 2 })).data.list[0]).toMatchObject({ id: r.id });
    expect((await as(o, '/AdminApi/listInvoiceRequests', { state: -1 })).data.list.map((i: { id: number }) => i.id)).toContain(
      r.id,
    );
  });

  it('refuses a bad reason, number, state or page naming the field, and writes nothing', async () => {
    const o = await platformOperator();
    const r = await requested();
    const other = await requested();
    const taken = `7${String(Date.now()).slice(-11)}`;
    expect((await as(o, '/AdminApi/issueInvoice', { id: other.id, number: taken })).status).toBe(1);
    const bad: [string, Record<string, unknown>, number, string][] = [
      ['/AdminApi/refuseInvoice', { id: r.id, reason: '   ' }, 40001, '请填写拒绝原因'],
      ['/AdminApi/refuseInvoice', { id: r.id }, 40001, '请填写拒绝原因'],
      ['/AdminApi/refuseInvoice', { id: r.id, reason: '长'.repeat(201) }, 40001, '请填写拒绝原因'],
      ['/AdminApi/issueInvoice', { id: r.id, number: '12ab5678' }, 40001, '发票号码为 8 到 20 位数字'],
      ['/AdminApi/issueInvoice', { id: r.id, number: '1234567' }, 40001, '发票号码为 8 到 20 位数字'],
      ['/AdminApi/issueInvoice', { id: r.id, number: '1'.repeat(21) }, 40001, '发票号码为 8 到 20 位数字'],
      ['/AdminApi/issueInvoice', { id: r.id, number: taken }, 31914, '该发票号码已被其他发票申请使用'],
      ['/AdminApi/issueInvoice', { id: 2 ** 31 }, 40001, 'id'],
      ['/AdminApi/issueInvoice', { id: 'x' }, 40001, 'id'],
      ['/AdminApi/issueInvoice', { id: 2 ** 30 }, 40004, ''],
      ['/AdminApi/refuseInvoice', { id: 2 ** 30, reason: '无' }, 40004, ''],
      ['/AdminApi/listInvoiceRequests', { state: 3 }, 40001, '请选择发票申请的状态'],
      ['/AdminApi/listInvoiceRequests', { state: 0, page: 0 }, 40001, 'page'],
      ['/AdminApi/listInvoiceRequests', { state: 0, page: '2147483648' }, 40001, 'page'],
      ['/AdminApi/getInvoiceRequest', { id: 0 }, 40001, 'id'],
    ];
    for (const [url, body, code, says] of bad) {
      const { result, changed } = await watch.written(() => as(o, url, body));
      expect({ url, body, code: result.code, changed }).toEqual({ url, body, code, changed: [] });
      expect(result.message).toContain(says);
    }
    expect(await invoiceRow(r.id)).toMatchObject({ state: 0, number: '', pdfKey: '', reason: '' });
    // in English too
    expect((await inEnglish(o)).status).toBe(1);
    const en = await as(o, '/AdminApi/issueInvoice', { id: r.id, number: '12' });
    expect(en.message).toBe('The invoice number is 8 to 20 digits');
  });
});

describe('operators on the admin page: institution VIP', () => {
  it('a school’s operator lists its certified teachers, grants institution VIP and revokes it', async () => {
    const s = await school();
    const o = await registerUser(app);
    await grantOperator(app.ctx, { who: o.mobile, institution: String(s.jigouid) });
    expect((await as(o, '/AdminApi/getOperator')).data).toEqual({
      operator: 1,
      platform: 0,
      institutions: [{ jigouid: s.jigouid, jigou: s.jigou }],
    });
    const listed = await as(o, '/AdminApi/listInstitutionTeachers', { jigouid: String(s.jigouid) });
    expect(listed.data).toMatchObject({
      jigouid: s.jigouid,
      jigou: s.jigou,
      list: [{ uid: s.teacher.uid, realname: '陈老师', realstno: s.realstno, grant: null }],
    });

    const granted = await as(o, '/AdminApi/grantInstitutionVip', {
      jigouid: s.jigouid,
      uid: String(s.teacher.uid),
      level: '4',
      months: 6,
    });
    expect(granted).toMatchObject({ status: 1, data: { uid: s.teacher.uid, grant: { level: 4, inforce: 1 } } });
    const days = (granted.data.grant.endtime - granted.data.grant.begintime) / 86_400;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
    // the teacher sees it: their level, the VIP page, the notice
    expect((await ok('/UserApi/getUserInfo', {}, s.teacher)).isvip).toBe(4);
    expect(await ok('/VipApi/getVipInfo', {}, s.teacher)).toMatchObject({ isvip: 4, institution: { jigou: s.jigou, level: 4 } });
    expect((await notices(s.teacher))[0]).toMatchObject({ action: 'institution_vip' });
    expect((await as(o, '/AdminApi/listInstitutionTeachers', { jigouid: s.jigouid })).data.list[0].grant).toMatchObject({
      level: 4,
      inforce: 1,
    });

    const revoked = await as(o, '/AdminApi/revokeInstitutionVip', { jigouid: s.jigouid, uid: s.teacher.uid });
    expect(revoked).toMatchObject({ status: 1, data: { uid: s.teacher.uid, grant: { level: 4, inforce: 0 } } });
    expect((await ok('/UserApi/getUserInfo', {}, s.teacher)).isvip).toBe(0);
    const twice = await watch.written(() => as(o, '/AdminApi/revokeInstitutionVip', { jigouid: s.jigouid, uid: s.teacher.uid }));
    expect(twice.result.code).toBe(31916);
    expect(twice.changed).toEqual([]);
  });

  it('a platform operator grants any institution’s teacher', async () => {
    const s = await school();
    const o = await platformOperator();
    const granted = await as(o, '/AdminApi/grantInstitutionVip', { jigouid: s.jigouid, uid: s.teacher.uid, level: 3, months: 1 });
    expect(granted).toMatchObject({ status: 1, data: { grant: { level: 3, inforce: 1 } } });
  });

  it('refuses a bad level or period, someone not certified there, a missing institution, naming the field, and writes nothing', async () => {
    const s = await school();
    const o = await platformOperator();
    const stranger = await newTeacher(app);
    const base = { jigouid: s.jigouid, uid: s.teacher.uid, level: 3, months: 3 };
    const bad: [Record<string, unknown>, number, string][] = [
      [{ ...base, level: 2 }, 40001, '请选择机构会员（3）或机构超级会员（4）'],
      [{ ...base, level: 5 }, 40001, '请选择机构会员（3）或机构超级会员（4）'],
      [{ ...base, level: 'x' }, 40001, '请选择机构会员（3）或机构超级会员（4）'],
      [{ ...base, months: 0 }, 40001, '开通时长为 1 到 120 个月'],
      [{ ...base, months: 121 }, 40001, '开通时长为 1 到 120 个月'],
      [{ ...base, months: 1.5 }, 40001, '开通时长为 1 到 120 个月'],
      [{ ...base, months: '2147483648' }, 40001, '开通时长为 1 到 120 个月'],
      [{ ...base, uid: 2 ** 31 }, 40001, 'uid'],
      [{ ...base, jigouid: -1 }, 40001, 'jigouid'],
      [{ ...base, uid: stranger.uid }, 31915, '该用户不是本机构已认证的教师'],
      [{ ...base, jigouid: 2 ** 30 }, 40004, ''],
    ];
    for (const [body, code, says] of bad) {
      const { result, changed } = await watch.written(() => as(o, '/AdminApi/grantInstitutionVip', body));
      expect({ body, code: result.code, changed }).toEqual({ body, code, changed: [] });
      expect(result.message).toContain(says);
    }
    expect((await inEnglish(o)).status).toBe(1);
    const en = await as(o, '/AdminApi/grantInstitutionVip', { ...base, months: 200 });
    expect(en.message).toBe('A grant lasts 1 to 120 months');
    expect(
      await db.database.db.select().from(institutionVipGrants).where(eq(institutionVipGrants.userId, s.teacher.uid)),
    ).toEqual([]);
  });
});

describe('everyone else is refused and nothing is written', () => {
  it('refuses a non-operator, a student, a teacher and an operator of another institution on every admin call', async () => {
    const s = await school();
    const other = await school();
    const r = await requested();
    const outsider = await registerUser(app);
    const student = await registerUser(app);
    const teacher = s.teacher;
    const otherOperator = await registerUser(app);
    await grantOperator(app.ctx, { who: otherOperator.mobile, institution: String(other.jigouid) });
    const calls: [string, Record<string, unknown>][] = [
      ['/AdminApi/listInvoiceRequests', { state: 0 }],
      ['/AdminApi/getInvoiceRequest', { id: r.id }],
      ['/AdminApi/issueInvoice', { id: r.id }],
      ['/AdminApi/refuseInvoice', { id: r.id, reason: '无权' }],
      ['/AdminApi/downloadInvoice', { id: r.id }],
      ['/AdminApi/listInstitutionTeachers', { jigouid: s.jigouid }],
      ['/AdminApi/grantInstitutionVip', { jigouid: s.jigouid, uid: s.teacher.uid, level: 3, months: 12 }],
      ['/AdminApi/revokeInstitutionVip', { jigouid: s.jigouid, uid: s.teacher.uid }],
    ];
    for (const [who, login] of [
      ['a user who is no operator', outsider],
      ['a student', student],
      ['a teacher', teacher],
      ["another institution's operator", otherOperator],
    ] as const) {
      for (const [url, body] of calls) {
        const { result, changed } = await watch.written(() => as(login, url, body));
        expect({ who, url, code: result.code, changed }).toEqual({ who, url, code: 40003, changed: [] });
        expect(result.message).toBe('您不是运营人员，或无权管理该机构');
        expect(JSON.stringify(result.data)).toBe('null');
      }
    }
    const anonymous = await call(app, '/AdminApi/issueInvoice', { id: r.id });
    expect(anonymous.code).toBe(20003);
    // the non-operators are told they are none, and the other operator of their own institution only
    expect((await as(outsider, '/AdminApi/getOperator')).data).toEqual({ operator: 0, platform: 0, institutions: [] });
    expect((await as(otherOperator, '/AdminApi/getOperator')).data.institutions).toEqual([
      { jigouid: other.jigouid, jigou: other.jigou },
    ]);
    // a school's operator issues no invoice either
    const schoolOperator = await registerUser(app);
    await grantOperator(app.ctx, { who: schoolOperator.mobile, institution: s.jigou });
    expect((await as(schoolOperator, '/AdminApi/issueInvoice', { id: r.id })).code).toBe(40003);
    expect(await invoiceRow(r.id)).toMatchObject({ state: 0 });
    expect((await ok('/UserApi/getUserInfo', {}, s.teacher)).isvip).toBe(0);
  });

  it('grants and revokes the operator role by command: once, by phone, and refuses an unknown account', async () => {
    const u = await registerUser(app);
    const s = await school();
    await grantOperator(app.ctx, { who: u.mobile });
    await grantOperator(app.ctx, { who: u.mobile });
    await grantOperator(app.ctx, { who: u.mobile, institution: s.jigou });
    expect(await db.database.db.select().from(operators).where(eq(operators.userId, u.uid))).toHaveLength(2);
    expect((await listOperators(app.ctx)).filter((o) => o.mobile === u.mobile).map((o) => o.institution)).toEqual([
      null,
      s.jigou,
    ]);
    await expect(grantOperator(app.ctx, { who: '13000000000' })).rejects.toMatchObject({ code: 21009 });
    await expect(grantOperator(app.ctx, { who: u.mobile, institution: '没有这个机构' })).rejects.toMatchObject({ code: 40004 });
    await revokeOperator(app.ctx, { who: u.mobile });
    expect((await as(u, '/AdminApi/listInvoiceRequests', {})).code).toBe(40003);
    expect((await as(u, '/AdminApi/listInstitutionTeachers', { jigouid: s.jigouid })).status).toBe(1);
    await expect(revokeOperator(app.ctx, { who: u.mobile })).rejects.toMatchObject({ code: 40004 });
    await revokeOperator(app.ctx, { who: u.mobile, institution: String(s.jigouid) });
    expect((await as(u, '/AdminApi/getOperator')).data.operator).toBe(0);
    expect(await db.database.db.select().from(users).where(eq(users.id, u.uid))).toHaveLength(1);
  });
});
