import { yuan } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseForm, newTeacher, year } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { type ReceivedMail, startMailServer } from '../../../test/mail';
import { courses, institutionVipGrants, invoices, users } from '../../db/schema';
import { importInstitution } from '../institutions/institutions.service';
import { buyer, type Person } from './commerce.fixtures';
import { grantInstitutionVip, listInstitutionVip, revokeInstitutionVip } from './institution-vip.service';
import { capitalYuan } from './invoice-pdf';
import { issueInvoice, listInvoiceRequests, rejectInvoice } from './invoices.service';
import { refundOrder } from './payments.service';

/**
 * Issue 28, decision 039: the operator issues an invoice request with its PDF or refuses it with a
 * reason, the teacher is told and downloads the PDF from the order; a school's operator grants its
 * certified teachers institution VIP for a period, which lifts the privileges as bought VIP does.
 */

let db: TestDatabase;
let app: FastifyInstance;
let ok: ReturnType<typeof buyer>['ok'];
let newOrder: ReturnType<typeof buyer>['newOrder'];
// a mail server of the test's own: issued electronic invoices are emailed with their PDF
let smtp: Awaited<ReturnType<typeof startMailServer>>;
let mailed: ReceivedMail[];

beforeAll(async () => {
  smtp = await startMailServer();
  mailed = smtp.received;
  db = await testDatabase();
  app = await testApp(db, { SMTP_URL: smtp.url });
  ({ ok, newOrder } = buyer(app));
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
  await smtp.close();
});

async function paidOrders(who: Person, months: number[]) {
  const out: string[] = [];
  for (const m of months) {
    const o = await newOrder(who, m);
    await ok('/OrderApi/sandboxPay', { orderno: o.orderno, result: 'pay' }, who);
    out.push(o.orderno);
  }
  return out;
}
const enterprisePaper = (orderno: string[]) => ({
  orderno,
  type: 0,
  invoicetype: 1,
  item: 0,
  title: '北京市示范中学',
  invoiceno: '91110108MA01ABCD2X',
  recipients: '钱老师',
  deliveryaddress: '北京市海淀区中关村大街 1 号',
  telphone: '13800000000',
});
const download = (who: Person, orderno: string) =>
  app.inject({ method: 'POST', url: '/InvoiceApi/downloadInvoice', payload: { orderno }, headers: { token: who.token } });
const notices = async (who: Person) =>
  (await ok('/MessageApi/lists', { page: 1 }, who)).list as { action: string; title: string }[];
const stateOf = async (id: number) => (await db.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe('operators issue invoices', () => {
  it('issues a request with a numbered PDF the teacher is told of and downloads from the order', async () => {
    const t = await newTeacher(app);
    const nos = await paidOrders(t, [1, 3]);
    const applied = await ok('/InvoiceApi/applyInvoice', enterprisePaper(nos), t);
    // before the operator: requested, and nothing to download
    const early = await download(t, nos[0]!);
    expect(early.json()).toMatchObject({ status: 0, code: 31911 });
    expect((await listInvoiceRequests(app.ctx)).map((i) => i.id)).toContain(applied.id);

    const now = new Date('2026-11-29T08:00:00Z');
    const issued = await issueInvoice(app.ctx, applied.id, undefined, now);
    expect(issued).toMatchObject({ state: 1, number: `20261129${String(applied.id).padStart(8, '0')}` });
    expect((await listInvoiceRequests(app.ctx)).map((i) => i.id)).not.toContain(applied.id);
    expect(
      (await listInvoiceRequests(app.ctx, { all: true })).find((i) => i.id === applied.id)?.orders.map((o) => o.orderno),
    ).toEqual(nos);

    const record = await ok('/OrderApi/getTradeRecord', { page: 1 }, t);
    for (const r of record.list)
      expect(r).toMatchObject({ invoicestate: 2, invoice: '已开票', invoice_number: issued.number, invoiceable: 0 });
    const res = await download(t, nos[1]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`invoice-${issued.number}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // the Chinese font travels inside the file, cut to the characters used
    expect(pdf.toString('latin1')).toMatch(/FontFile3|FontFile2/);
    expect(pdf.toString('latin1')).toContain('NotoSansHans');
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(pdf.length).toBeLessThan(400_000);

    const told = await notices(t);
    expect(told[0]).toMatchObject({ action: 'invoice_issued' });
    expect(told[0]!.title).toContain(issued.number);
    expect(told[0]!.title).toContain(`¥${yuan(applied.amount)}`);

    // once issued: not again, not refused
    await expect(issueInvoice(app.ctx, applied.id)).rejects.toMatchObject({ code: 31913 });
    await expect(rejectInvoice(app.ctx, applied.id, '重复')).rejects.toMatchObject({ code: 31913 });
    expect((await call(app, '/InvoiceApi/applyInvoice', enterprisePaper([nos[0]!]), { token: t.token })).code).toBe(31908);
  });

  it('emails an issued electronic invoice with its PDF to the address the request gave, and a paper one not', async () => {
    const t = await newTeacher(app);
    const [electronic, paper] = await paidOrders(t, [1, 1]);
    const email = `finance-${t.uid}@school.example`;
    const e = await ok(
      '/InvoiceApi/applyInvoice',
      { orderno: [electronic], type: 1, invoicetype: 0, item: 0, title: '钱老师', email, telphone: '13800000000' },
      t,
    );
    const p = await ok('/InvoiceApi/applyInvoice', { ...enterprisePaper([paper!]), email: `paper-${t.uid}@school.example` }, t);
    const issued = await issueInvoice(app.ctx, e.id);
    await issueInvoice(app.ctx, p.id);
    await app.ctx.jobs.runDue(new Date(Date.now() + 1000));
    const mine = () => mailed.filter((m) => m.to.includes(email));
    await expect.poll(() => mine().length).toBe(1);
    const raw = mine()[0]!.raw.replace(/\r\n/g, '\n');
    // the PDF travels as a base64 part named after the invoice's number
    const part = raw.split(/\n--/).find((x) => x.includes('Content-Type: application/pdf'))!;
    expect(part).toContain(`invoice-${issued.number}.pdf`);
    const pdf = Buffer.from(part.split('\n\n').slice(1).join('').replace(/\s/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.equals((await download(t, electronic!)).rawPayload)).toBe(true);
    // the paper one is posted, not mailed: the only mail to this teacher's addresses is the electronic one
    expect(mailed.filter((m) => m.to.some((to) => to.includes(`-${t.uid}@`)))).toHaveLength(1);
  });

  it('gives another teacher nothing of the PDF, and a student neither', async () => {
    const t = await newTeacher(app);
    const [no] = await paidOrders(t, [1]);
    const applied = await ok('/InvoiceApi/applyInvoice', enterprisePaper([no!]), t);
    await issueInvoice(app.ctx, applied.id);
    const other = await newTeacher(app);
    const theirs = await download(other, no!);
    expect(theirs.json()).toMatchObject({ status: 0, code: 40004 });
    const s = await registerUser(app);
    expect((await download(s, no!)).json()).toMatchObject({ status: 0 });
    expect((await download(t, no!)).statusCode).toBe(200);
  });

  it('refuses a request with a reason: the teacher is told, the orders can be invoiced again', async () => {
    const t = await newTeacher(app);
    const nos = await paidOrders(t, [1]);
    const applied = await ok('/InvoiceApi/applyInvoice', enterprisePaper(nos), t);
    await expect(rejectInvoice(app.ctx, applied.id, '   ')).rejects.toMatchObject({ code: 40001, field: 'reason' });
    await expect(rejectInvoice(app.ctx, applied.id, '长'.repeat(201))).rejects.toMatchObject({ code: 40001, field: 'reason' });
    expect((await stateOf(applied.id)).state).toBe(0);
    await rejectInvoice(app.ctx, applied.id, '税号与抬头不一致');
    const [row] = (await ok('/OrderApi/getTradeRecord', { page: 1 }, t)).list;
    expect(row).toMatchObject({ invoicestate: 3, invoice: '开票被拒', invoice_reason: '税号与抬头不一致', invoiceable: 1 });
    expect((await notices(t))[0]).toMatchObject({ action: 'invoice_refused' });
    expect((await notices(t))[0]!.title).toContain('税号与抬头不一致');
    expect((await download(t, nos[0]!)).json()).toMatchObject({ code: 31911 });
    await expect(issueInvoice(app.ctx, applied.id)).rejects.toMatchObject({ code: 31913 });
    // asked again, the order is requested anew and can be issued
    const again = await ok('/InvoiceApi/applyInvoice', enterprisePaper(nos), t);
    expect((await ok('/OrderApi/getOrderInfo', { orderno: nos[0] }, t)).invoicestate).toBe(1);
    await issueInvoice(app.ctx, again.id);
    expect(await ok('/OrderApi/getOrderInfo', { orderno: nos[0] }, t)).toMatchObject({ invoicestate: 2, invoice_reason: '' });
  });

  it('takes the operator’s number once, refuses a bad or used one and changes nothing', async () => {
    const t = await newTeacher(app);
    const [a, b] = await paidOrders(t, [1, 1]);
    const first = await ok('/InvoiceApi/applyInvoice', enterprisePaper([a!]), t);
    const second = await ok('/InvoiceApi/applyInvoice', enterprisePaper([b!]), t);
    const number = String(Date.now()).slice(-12);
    await expect(issueInvoice(app.ctx, first.id, '12ab')).rejects.toMatchObject({ code: 40001, field: 'number' });
    expect((await issueInvoice(app.ctx, first.id, number)).number).toBe(number);
    await expect(issueInvoice(app.ctx, second.id, number)).rejects.toMatchObject({ code: 31914 });
    expect(await stateOf(second.id)).toMatchObject({ state: 0, number: '', pdfKey: '' });
    await expect(issueInvoice(app.ctx, 2 ** 30)).rejects.toMatchObject({ code: 40004 });
  });

  it('keeps an issued invoice on an order refunded afterwards', async () => {
    const t = await newTeacher(app);
    const [no] = await paidOrders(t, [1]);
    const applied = await ok('/InvoiceApi/applyInvoice', enterprisePaper([no!]), t);
    await issueInvoice(app.ctx, applied.id);
    await refundOrder(app.ctx, no!);
    expect(await ok('/OrderApi/getOrderInfo', { orderno: no }, t)).toMatchObject({
      paystate: 3,
      invoicestate: 2,
      invoiceable: 0,
    });
    expect((await download(t, no!)).statusCode).toBe(200);
  });

  it('writes the total in Chinese capitals', () => {
    expect(capitalYuan(290)).toBe('贰元玖角整');
    expect(capitalYuan(5190)).toBe('伍拾壹元玖角整');
    expect(capitalYuan(1005)).toBe('壹拾元零伍分');
    expect(capitalYuan(100000)).toBe('壹仟元整');
    expect(capitalYuan(1234050)).toBe('壹万贰仟叁佰肆拾元伍角整');
    expect(capitalYuan(100000000)).toBe('壹佰万元整');
    expect(capitalYuan(5)).toBe('伍分');
  });
});

let serial = 0;
/** A teacher certified with a new institution by activation code, and the institution. */
async function certifiedTeacher() {
  serial += 1;
  const name = `机构会员学院 ${serial}-${Date.now() % 100000}`;
  const realstno = `V${serial}01`;
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
  return { ...t, institution: name, jigouid: imported.jigouid, realstno };
}

/** The teacher has created 50 courses (spec 1 §5 cap). */
async function fillCap(t: Person) {
  await db.database.db.insert(courses).values(
    Array.from({ length: 50 }, (_, i) => ({
      ownerId: t.uid,
      coursename: `旧课 ${i}`,
      semester: year(),
      term: 0,
      code: `7${String(t.uid % 100).padStart(2, '0')}${String(i).padStart(3, '0')}`,
    })),
  );
}
const create51st = (t: Person) =>
  call(app, '/CourseApi/createCourse', courseForm({ coursename: '第 51 门课' }), { token: t.token });

describe('institution VIP', () => {
  it('a school’s operator grants a certified teacher institution VIP: the cap lifts, the VIP page shows it, and it lapses', async () => {
    const t = await certifiedTeacher();
    await fillCap(t);
    expect(await create51st(t)).toMatchObject({ status: 0, code: 30301 });
    const g = await grantInstitutionVip(app.ctx, { institution: t.institution, teacher: t.realstno, level: 3, period: '6' });
    expect(g).toMatchObject({ level: 3, institution: t.institution });
    expect((await create51st(t)).status).toBe(1);
    expect((await ok('/UserApi/getUserInfo', {}, t)).isvip).toBe(3);
    const info = await ok('/VipApi/getVipInfo', {}, t);
    expect(info).toMatchObject({ isvip: 3, institution: { jigou: t.institution, level: 3 } });
    expect(info.institution.remainDays).toBeGreaterThan(170);
    expect((await notices(t))[0]).toMatchObject({ action: 'institution_vip' });
    // the period ends
    await db.database.db
      .update(institutionVipGrants)
      .set({ beginsAt: new Date(Date.now() - 10_000), endsAt: new Date(Date.now() - 1000) })
      .where(eq(institutionVipGrants.userId, t.uid));
    await db.database.db
      .update(users)
      .set({ instVipBegin: new Date(Date.now() - 10_000), instVipEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, t.uid));
    await app.ctx.sessions.forgetUser(t.uid);
    expect(await create51st(t)).toMatchObject({ status: 0, code: 30301 });
    expect(await ok('/VipApi/getVipInfo', {}, t)).toMatchObject({ isvip: 0, institution: null });
  });

  it('keeps a bought membership apart: the higher shows, a refund or a revocation leaves the other', async () => {
    const t = await certifiedTeacher();
    const [no] = await paidOrders(t, [1]);
    await grantInstitutionVip(app.ctx, { institution: String(t.jigouid), teacher: t.mobile, level: 4, period: '2030-06-30' });
    let info = await ok('/VipApi/getVipInfo', {}, t);
    expect(info).toMatchObject({ isvip: 4, institution: { level: 4 } });
    expect(info.institution.endtime).toBe(Math.floor(new Date('2030-06-30T23:59:59+08:00').getTime() / 1000));
    expect(info.cards).toHaveLength(1);
    // the library lists both: the grant with its institution, and the bought card
    const library = (await ok('/OrderApi/getMyLibrary', {}, t)).list;
    expect(library.map((c: { kind: string }) => c.kind).sort()).toEqual(['institutionVip', 'vip']);
    expect(library.find((c: { kind: string }) => c.kind === 'institutionVip')).toMatchObject({
      jigou: t.institution,
      level: 4,
      isValid: 1,
      orderno: '',
      time: { end_time: info.institution.endtime },
    });
    const [u] = await db.database.db.select().from(users).where(eq(users.id, t.uid));
    expect(u).toMatchObject({ isvip: 1, instVip: 4 });
    await refundOrder(app.ctx, no!);
    expect((await ok('/VipApi/getVipInfo', {}, t)).isvip).toBe(4);
    // buying while granted keeps the bought level in its own columns
    await paidOrders(t, [1]);
    expect((await db.database.db.select().from(users).where(eq(users.id, t.uid)))[0]).toMatchObject({ isvip: 1, instVip: 4 });
    await revokeInstitutionVip(app.ctx, { institution: t.institution, teacher: t.realstno });
    info = await ok('/VipApi/getVipInfo', {}, t);
    expect(info).toMatchObject({ isvip: 1, institution: null });
    await expect(revokeInstitutionVip(app.ctx, { institution: t.institution, teacher: t.realstno })).rejects.toMatchObject({
      code: 31916,
    });
    expect((await listInstitutionVip(app.ctx, t.institution)).map((g) => g.account)).toEqual([t.mobile]);
  });

  it('refuses a teacher not certified there, a student, a bad level or period, and writes nothing', async () => {
    const t = await certifiedTeacher();
    const other = await newTeacher(app);
    const grant = (teacher: string, level = 3, period = '3', institution = t.institution) =>
      grantInstitutionVip(app.ctx, { institution, teacher, level, period });
    await expect(grant(other.mobile)).rejects.toMatchObject({ code: 31915 });
    await expect(grant('S-nobody')).rejects.toMatchObject({ code: 31915 });
    await expect(grant(t.realstno, 2)).rejects.toMatchObject({ code: 40001, field: 'level' });
    await expect(grant(t.realstno, 3, '0')).rejects.toMatchObject({ code: 40001, field: 'months' });
    await expect(grant(t.realstno, 3, '121')).rejects.toMatchObject({ code: 40001, field: 'months' });
    await expect(grant(t.realstno, 3, '2020-01-01')).rejects.toMatchObject({ code: 40001, field: 'period' });
    await expect(grant(t.realstno, 3, '2026-02-30')).rejects.toMatchObject({ code: 40001, field: 'period' });
    await expect(grant(t.realstno, 3, '3', '没有这个机构')).rejects.toMatchObject({ code: 40004 });
    expect(await db.database.db.select().from(institutionVipGrants).where(eq(institutionVipGrants.userId, t.uid))).toEqual([]);
    expect((await ok('/UserApi/getUserInfo', {}, t)).isvip).toBe(0);
  });
});
