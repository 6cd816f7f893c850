import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { invoices } from '../../db/schema';
import { buyer, type Person } from './commerce.fixtures';
import { refundOrder } from './payments.service';

/** Issue 28: invoice requests on paid orders, checked in the spec's order (spec 1 §5), each order invoiced once. */

let db: TestDatabase;
let app: FastifyInstance;
let ok: ReturnType<typeof buyer>['ok'];
let newOrder: ReturnType<typeof buyer>['newOrder'];

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  ({ ok, newOrder } = buyer(app));
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('invoices', () => {
  const electronic = (orderno: string[], extra: Record<string, unknown> = {}) => ({
    orderno,
    type: 1,
    invoicetype: 0,
    item: 1,
    title: '钱老师',
    email: 'qian@example.edu.cn',
    telphone: '13800000000',
    ...extra,
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
  const invoiceCount = async (uid: number) =>
    (await db.database.db.select({ n: count() }).from(invoices).where(eq(invoices.userId, uid)))[0]!.n;

  it('checks the form in the spec’s order, naming the first missing field, and writes nothing', async () => {
    const t = await newTeacher(app);
    const [o] = await paidOrders(t, [1]);
    const cases: [Record<string, unknown>, string][] = [
      [{ orderno: [] }, '请选择订单'],
      [{ email: '', telphone: '' }, '请输入邮箱'],
      [{ email: 'not-an-email' }, '请输入正确的邮箱'],
      [{ telphone: ' ' }, '请输入联系电话'],
      [{ invoicetype: 1, recipients: '', deliveryaddress: '', telphone: '' }, '请输入收件人'],
      [{ invoicetype: 1, recipients: '钱', deliveryaddress: '', telphone: '' }, '请输入收件地址'],
      [{ invoicetype: 1, recipients: '钱', deliveryaddress: '北京', telphone: '' }, '请输入联系电话'],
      [{ type: 0, invoiceno: '', title: '' }, '请输入税号'],
      [{ type: 0, invoiceno: '91110000X', title: '' }, '请输入发票抬头'],
    ];
    for (const [change, message] of cases) {
      const res = await call(app, '/InvoiceApi/applyInvoice', electronic([o!], change), { token: t.token });
      expect(res, message).toMatchObject({ status: 0, code: 40001 });
      expect(res.message).toContain(message);
    }
    const first = await call(app, '/InvoiceApi/applyInvoice', electronic([o!], { email: '', telphone: '' }), { token: t.token });
    expect(first.message).toContain('请输入邮箱');
    const paper = await call(app, '/InvoiceApi/applyInvoice', electronic([o!], { invoicetype: 1, email: '', telphone: '' }), {
      token: t.token,
    });
    expect(paper.message).toContain('请输入收件人');
    const enterprise = await call(app, '/InvoiceApi/applyInvoice', electronic([o!], { type: 0, title: '' }), { token: t.token });
    expect(enterprise.message).toContain('请输入税号');
    expect(await invoiceCount(t.uid)).toBe(0);
  });

  it('invoices two orders once, shows it on the orders, and refuses them again', async () => {
    const t = await newTeacher(app);
    const nos = await paidOrders(t, [1, 1]);
    const invoice = await ok('/InvoiceApi/applyInvoice', electronic(nos), t);
    expect(invoice).toMatchObject({ amount: 580, invoicetype: 0, free_shipping: 0, state: 0 });
    const record = await ok('/OrderApi/getTradeRecord', { page: 1 }, t);
    for (const r of record.list) expect(r).toMatchObject({ invoicestate: 1, invoiceable: 0, invoice: '开票中' });
    expect((await call(app, '/InvoiceApi/applyInvoice', electronic([nos[0]!]), { token: t.token })).code).toBe(31908);
    expect(await invoiceCount(t.uid)).toBe(1);
  });

  it('ships a paper invoice free for VIP of two months or more, not for one month', async () => {
    const t = await newTeacher(app);
    const [month, quarter] = await paidOrders(t, [1, 3]);
    const paper = { invoicetype: 1, recipients: '钱老师', deliveryaddress: '北京市海淀区', email: '' };
    expect((await ok('/InvoiceApi/applyInvoice', electronic([month!], paper), t)).free_shipping).toBe(0);
    expect((await ok('/InvoiceApi/applyInvoice', electronic([quarter!], paper), t)).free_shipping).toBe(1);
  });

  it('refuses unpaid, refunded and another’s orders, and students', async () => {
    const t = await newTeacher(app);
    const other = await newTeacher(app);
    const unpaid = await newOrder(t);
    const [refunded] = await paidOrders(t, [1]);
    await refundOrder(app.ctx, refunded!);
    const [theirs] = await paidOrders(other, [1]);
    for (const no of [unpaid.orderno, refunded!, theirs!])
      expect((await call(app, '/InvoiceApi/applyInvoice', electronic([no]), { token: t.token })).code).toBe(31908);
    expect(await invoiceCount(t.uid)).toBe(0);
    const s = await registerUser(app);
    const [own] = await paidOrders(s, [1]);
    expect((await call(app, '/InvoiceApi/applyInvoice', electronic([own!]), { token: s.token })).code).toBe(40003);
  });
});
