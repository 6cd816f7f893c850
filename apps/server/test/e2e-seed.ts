import fs from 'node:fs';
import path from 'node:path';
import { academicYears } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { orders, users } from '../src/db/schema';
import { hashCheaplyForTests, hashPassword } from '../src/modules/accounts/passwords';
import { grantOperator } from '../src/modules/admin/operators.service';
import { grantInstitutionVip } from '../src/modules/commerce/institution-vip.service';
import { issueInvoice, rejectInvoice } from '../src/modules/commerce/invoices.service';
import { closeOrderJob } from '../src/modules/commerce/orders.service';
import { refundOrder } from '../src/modules/commerce/payments.service';
import { setDemoCourse } from '../src/modules/courses/demo.service';
import { importInstitution } from '../src/modules/institutions/institutions.service';

/*
 * The journeys' operator data, written into a fresh data folder before the server starts (the
 * embedded database allows one process at a time, and nothing that changes data is on HTTP): the
 * institutions the journeys certify with, as `npm run institution:import` loads them, and a demo
 * course, as `npm run course:demo` marks it. What the journeys need to know (ids, activation codes)
 * goes to `<DATA_DIR>/e2e-seed.json`. Run by e2e/playwright.config.ts: `tsx apps/server/test/e2e-seed.ts`.
 */

/** An institution's roster and timetable for the institution journeys (as e2e/specs/institutions/helpers.ts ROSTER). */
const ROSTER = {
  teacher: { realname: '陈老师', realstno: 'T9001' },
  student1: { realname: '孙同学', realstno: 'S9001' },
  student2: { realname: '钱同学', realstno: 'S9002' },
  first: { coursename: '数据结构', classname: '计科 2401 班', term: 1 as const },
  second: { coursename: '操作系统', classname: '计科 2402 班', term: 2 as const },
};

// the journeys' own people: argon2id at its least work, as the integration tests make theirs (a hash holds its
// parameters, so the server verifies these as any other)
hashCheaplyForTests();
const config = loadConfig();
const app = await buildApp(config);
const semester = academicYears()[2] as string;
const seed: Record<string, unknown> = { semester, institutions: {} };
const institutions = seed.institutions as Record<string, unknown>;

try {
  // one institution per journey that certifies, each requiring authentication, so that they never share a roster entry
  let n = 0;
  for (const slot of ['auth-teacher', 'auth-student', 'auth-pending']) {
    n += 1;
    const teacherMobile = `1390000${String(n).padStart(2, '0')}01`;
    const result = await importInstitution(app.ctx.db, {
      name: `机构认证测试学院 ${n}`,
      requireAttest: true,
      people: [
        { usertype: 1, ...ROSTER.teacher, mobile: teacherMobile, activation: true },
        { usertype: 0, ...ROSTER.student1, activation: true },
        { usertype: 0, ...ROSTER.student2, activation: true },
      ],
      classes: [
        {
          teachClass: `DS-${n}`,
          ...ROSTER.first,
          semester,
          teacherStno: ROSTER.teacher.realstno,
          students: [ROSTER.student2.realstno],
        },
        {
          teachClass: `OS-${n}`,
          ...ROSTER.second,
          semester,
          teacherStno: ROSTER.teacher.realstno,
          students: [ROSTER.student1.realstno, ROSTER.student2.realstno],
        },
      ],
    });
    institutions[slot] = {
      jigouid: result.jigouid,
      jigou: result.jigou,
      teacherMobile,
      codes: Object.fromEntries(result.codes.map((c) => [c.realstno, c.code])),
    };
  }
  // the demo-course journeys' teachers certify with these (each roster: one teacher, by activation code)
  for (const [slot, realname] of [
    ['demo-zh', '林老师'],
    ['demo-en', 'Grace Hopper'],
  ] as const) {
    const result = await importInstitution(app.ctx.db, {
      name: `演示学院 ${slot}`,
      people: [{ usertype: 1, realname, realstno: 'T9001', activation: true }],
    });
    institutions[slot] = { jigouid: result.jigouid, jigou: result.jigou, codes: { T9001: result.codes[0]?.code } };
  }

  // a demo course of its own author: a directory with a link in it, a notice and an introduction
  const author = { mobile: '13900009901', password: 'Paiclass#2026', name: '周老师' };
  await app.ctx.db.insert(users).values({
    username: author.name,
    account: author.mobile,
    mobile: author.mobile,
    passwordHash: await hashPassword(author.password),
    usertype: 1,
    school: '示范作者学校',
  });
  // a student for the journey that logs in by SMS code (accounts/fast-login): made here rather than registered,
  // because a registration sends the phone a code and the next may follow only 60 s later
  const smsLogin = { mobile: '13900009902', name: '吴同学' };
  await app.ctx.db.insert(users).values({
    username: smsLogin.name,
    account: smsLogin.mobile,
    mobile: smsLogin.mobile,
    passwordHash: await hashPassword('Paiclass#2026'),
    usertype: 0,
    stno: '2026902',
    school: 'PaiClass 示范学校',
  });
  seed.accounts = { smsLogin };

  const call = async <T>(url: string, payload: Record<string, unknown>, token?: string): Promise<T> => {
    const res = await app.inject({ method: 'POST', url, payload, headers: token ? { token } : {}, remoteAddress: '127.0.0.1' });
    const body = res.json() as { status: number; message: string; data: T };
    if (body.status !== 1) throw new Error(`${url}: ${body.message}`);
    return body.data;
  };
  const { token } = await call<{ token: string }>('/UserApi/login', { email: author.mobile, password: author.password });
  const course = await call<{ id: number; coursename: string }>(
    '/CourseApi/createCourse',
    { coursename: '示范：大学物理', classname: '物理示范班', semester, term: 1, teachtype: 2 },
    token,
  );
  const dir = await call<{ id: number }>('/CourseApi/addDirectory', { courseid: course.id, title: '第一章 力学' }, token);
  const add = (body: Record<string, unknown>) =>
    call('/FutureV2/CourseMeans/addContent', { courseid: course.id, publish: 1, ...body }, token);
  await add({ contenttype: 10, title: '参考网站：力学演示', link: 'https://example.edu.cn/x', dirid: dir.id });
  await add({ contenttype: 7, title: '开课通知', content: '<p>欢迎选修大学物理，第一周请预习第一章。</p>' });
  await call(
    '/CourseApi/saveCourseIntro',
    {
      courseid: course.id,
      describes:
        '本课程讲授经典力学、热学与电磁学的基本概念和方法，配有演示实验视频、课堂讨论话题和每周作业，适合理工科一年级学生。',
    },
    token,
  );
  await setDemoCourse(app.ctx.db, course.id, true);
  seed.demoCourse = { id: course.id, coursename: course.coursename, author };

  // the operator journey (decision 039), in each language: a teacher whose two VIP orders were
  // invoiced, one request issued by the operator (`npm run orders -- invoice-issue`), one refused
  // (`invoice-reject`); and a teacher certified with a school whose operator granted institution VIP
  // (`npm run institution:vip -- grant`)
  const operator: Record<string, unknown> = {};
  for (const [lang, n, name, title, reason] of [
    ['zh', 3, '冯老师', '北京市示范中学', '税号与发票抬头不一致，请核对后重新申请'],
    ['en', 4, 'Ada Lovelace', 'Analytical Engines Ltd', 'The tax number does not match the title: please check and apply again'],
  ] as const) {
    const person = { mobile: `1390000990${n}`, password: 'Paiclass#2026', name };
    await app.ctx.db.insert(users).values({
      username: name,
      account: person.mobile,
      mobile: person.mobile,
      passwordHash: await hashPassword(person.password),
      usertype: 1,
      school: '示范学校',
      lang,
    });
    const { token: teacherToken } = await call<{ token: string }>('/UserApi/login', {
      email: person.mobile,
      password: person.password,
    });
    const { list } = await call<{ list: { id: number; months: number; level: number }[] }>(
      '/VipApi/getProductList',
      {},
      teacherToken,
    );
    const paid: string[] = [];
    for (const months of [1, 3]) {
      const productid = list.find((p) => p.months === months && p.level === 1)!.id;
      const { orderno } = await call<{ orderno: string }>('/OrderApi/createOrder', { productid }, teacherToken);
      await call('/OrderApi/sandboxPay', { orderno, result: 'pay' }, teacherToken);
      paid.push(orderno);
    }
    const form = { type: 0, invoiceno: '91110108MA01ABCD2X', title, item: 0 };
    const issued = await call<{ id: number }>(
      '/InvoiceApi/applyInvoice',
      { ...form, orderno: [paid[0]], invoicetype: 0, email: 'finance@example.edu.cn', telphone: '13800000000' },
      teacherToken,
    );
    const refused = await call<{ id: number }>(
      '/InvoiceApi/applyInvoice',
      {
        ...form,
        orderno: [paid[1]],
        invoicetype: 1,
        recipients: name,
        deliveryaddress: '北京市海淀区中关村大街 1 号',
        telphone: '13800000000',
      },
      teacherToken,
    );
    const invoice = await issueInvoice(app.ctx, issued.id);
    await rejectInvoice(app.ctx, refused.id, reason);

    const school = await importInstitution(app.ctx.db, {
      name: `机构会员学院 ${lang}`,
      people: [{ usertype: 1, realname: name, realstno: 'T7001', activation: true }],
    });
    const vipTeacher = { mobile: `1390000991${n}`, password: 'Paiclass#2026', name };
    await app.ctx.db.insert(users).values({
      username: name,
      account: vipTeacher.mobile,
      mobile: vipTeacher.mobile,
      passwordHash: await hashPassword(vipTeacher.password),
      usertype: 1,
      school: `机构会员学院 ${lang}`,
      lang,
    });
    const { token: vipToken } = await call<{ token: string }>('/UserApi/login', {
      email: vipTeacher.mobile,
      password: vipTeacher.password,
    });
    // a year's VIP the teacher bought, refunded by the operator half-way through its period (`npm run
    // orders -- refund`): the year plan is pro rata, so half its price came back (decision 044)
    const yearPlan = list.find((p) => p.months === 12 && p.level === 1)!.id;
    const { orderno: refundedNo } = await call<{ orderno: string }>('/OrderApi/createOrder', { productid: yearPlan }, vipToken);
    await call('/OrderApi/sandboxPay', { orderno: refundedNo, result: 'pay' }, vipToken);
    // bought half a year ago: the order's times moved back by half its period, then refunded now
    const [year] = await app.ctx.db.select().from(orders).where(eq(orders.orderno, refundedNo));
    const half = (year!.vipEnd!.getTime() - year!.vipBegin!.getTime()) / 2;
    const back = (d: Date) => new Date(d.getTime() - half);
    await app.ctx.db
      .update(orders)
      .set({
        createdAt: back(year!.createdAt),
        paidAt: back(year!.paidAt!),
        vipBegin: back(year!.vipBegin!),
        vipEnd: back(year!.vipEnd!),
      })
      .where(eq(orders.id, year!.id));
    const refund = await refundOrder(app.ctx, refundedNo, new Date(year!.vipBegin!.getTime()));
    // a month's VIP ordered 31 minutes ago and never paid: closed by the order's own close job (issue 28)
    const monthPlan = list.find((p) => p.months === 1 && p.level === 1)!.id;
    const { orderno: closedNo } = await call<{ orderno: string }>('/OrderApi/createOrder', { productid: monthPlan }, vipToken);
    const [unpaid] = await app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.orderno, closedNo))
      .returning();
    await closeOrderJob(app.ctx, { id: unpaid!.id }, new Date());
    await call(
      '/AttestApi/attest',
      { jigouid: school.jigouid, realname: name, realstno: 'T7001', code: school.codes[0]!.code },
      vipToken,
    );
    await grantInstitutionVip(app.ctx, { institution: school.jigou, teacher: 'T7001', level: 3, period: '12' });
    operator[lang] = {
      invoiceTeacher: person,
      issued: { orderno: paid[0], number: invoice.number },
      refused: { orderno: paid[1], reason },
      vipTeacher,
      jigou: school.jigou,
      refunded: { orderno: refundedNo, amount: refund.amount },
      closed: { orderno: closedNo },
    };
  }
  seed.operator = operator;

  // the admin-page journey (decision 053), in each language: a teacher with two invoice requests waiting,
  // a teacher certified with a school, and an operator of the platform and of that school, made one
  // by `npm run operator -- grant` (its function, here)
  const admin: Record<string, unknown> = {};
  for (const [lang, n, name, title] of [
    ['zh', 3, '褚老师', '上海市实验中学'],
    ['en', 4, 'Grace Murray', 'Harvard Computation Lab'],
  ] as const) {
    const account = async (mobile: string, username: string, usertype: 0 | 1, school: string) => {
      const person = { mobile, password: 'Paiclass#2026', name: username };
      await app.ctx.db.insert(users).values({
        username,
        account: mobile,
        mobile,
        passwordHash: await hashPassword(person.password),
        usertype,
        school,
        lang,
      });
      const { token: personToken } = await call<{ token: string }>('/UserApi/login', {
        email: mobile,
        password: person.password,
      });
      return { person, token: personToken };
    };
    const invoiceTeacher = await account(`1390000992${n}`, name, 1, '示范学校');
    const { list } = await call<{ list: { id: number; months: number; level: number }[] }>(
      '/VipApi/getProductList',
      {},
      invoiceTeacher.token,
    );
    const requests: { id: number; orderno: string }[] = [];
    for (const months of [1, 3]) {
      const productid = list.find((p) => p.months === months && p.level === 1)!.id;
      const { orderno } = await call<{ orderno: string }>('/OrderApi/createOrder', { productid }, invoiceTeacher.token);
      await call('/OrderApi/sandboxPay', { orderno, result: 'pay' }, invoiceTeacher.token);
      const applied = await call<{ id: number }>(
        '/InvoiceApi/applyInvoice',
        { orderno: [orderno], type: 1, invoicetype: 0, item: 0, title, email: 'finance@example.edu.cn', telphone: '13800000000' },
        invoiceTeacher.token,
      );
      requests.push({ id: applied.id, orderno });
    }
    const school = await importInstitution(app.ctx.db, {
      name: `管理页学院 ${lang}`,
      people: [{ usertype: 1, realname: name, realstno: 'T8001', activation: true }],
    });
    const vipTeacher = await account(`1390000993${n}`, name, 1, `管理页学院 ${lang}`);
    await call(
      '/AttestApi/attest',
      { jigouid: school.jigouid, realname: name, realstno: 'T8001', code: school.codes[0]!.code },
      vipTeacher.token,
    );
    const operatorAccount = await account(`1390000994${n}`, lang === 'zh' ? '运营小周' : 'Ops Olivia', 1, 'PaiClass');
    await grantOperator(app.ctx, { who: operatorAccount.person.mobile });
    await grantOperator(app.ctx, { who: operatorAccount.person.mobile, institution: String(school.jigouid) });
    admin[lang] = {
      operator: operatorAccount.person,
      invoiceTeacher: invoiceTeacher.person,
      toIssue: requests[0],
      toRefuse: requests[1],
      title,
      vipTeacher: vipTeacher.person,
      jigouid: school.jigouid,
      jigou: school.jigou,
    };
  }
  seed.admin = admin;
  fs.mkdirSync(config.dataDir, { recursive: true }); // PGlite makes it; on PostgreSQL nothing else has yet
  fs.writeFileSync(path.join(config.dataDir, 'e2e-seed.json'), JSON.stringify(seed, null, 2));
} finally {
  await app.close();
}
