import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, figureCode, newAddress, newEmail, type TestDatabase, testApp, testDatabase } from '../../test/helpers';
import { type ReceivedMail, startMailServer } from '../../test/mail';

/** The text of a single-part message, undoing its transfer encoding. */
function bodyText(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

let db: TestDatabase;
let smtp: Awaited<ReturnType<typeof startMailServer>>;
let app: FastifyInstance;
let received: ReceivedMail[];

beforeAll(async () => {
  smtp = await startMailServer();
  received = smtp.received;
  db = await testDatabase();
  app = await testApp(db, {
    MODE: 'production',
    SECRET: 's'.repeat(40),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'PaiClass <codes@school.example>',
  });
});
afterAll(async () => {
  await app.close();
  await db.drop();
  await smtp.close();
});

describe('email delivery over SMTP (production mode)', () => {
  it('mails a register code to an email account', async () => {
    const email = newEmail();
    // production has no outbox: read the picture answer from the database, as only a test may
    const { sessionid } = (await call(app, '/UserApi/getFigureCode')).data;
    const [row] = await app.ctx.db.query.figureCodes.findMany({ where: (f, { eq }) => eq(f.sessionid, sessionid) });
    const res = await call(
      app,
      '/UserApi/sendCode',
      { email, type: 'register', sessionid, verify: row!.answer },
      { ip: newAddress() },
    );
    expect(res.status).toBe(1);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.to).toEqual([email]);
    expect(received[0]!.raw).toMatch(/codes@school\.example/);
    expect(bodyText(received[0]!.raw)).toMatch(/您的验证码是 \d{6}，10 分钟内有效/);
  });

  it('refuses a code to a phone when no SMS provider is configured, sending nothing', async () => {
    const { sessionid } = (await call(app, '/UserApi/getFigureCode')).data;
    const [row] = await app.ctx.db.query.figureCodes.findMany({ where: (f, { eq }) => eq(f.sessionid, sessionid) });
    const res = await call(
      app,
      '/UserApi/sendCode',
      { mobile: '13912345678', type: 'login', sessionid, verify: row!.answer },
      { ip: newAddress() },
    );
    expect(res).toMatchObject({ status: 0, code: 21017 });
    expect(received.length).toBe(1);
  });
});
