import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageCodes,
  call,
  figureCode,
  lastCode,
  newAddress,
  newEmail,
  newPhone,
  registerUser,
  STRONG,
  sendAndRead,
  type TestDatabase,
  testApp,
  testDatabase,
} from '../../../test/helpers';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';
import type { WechatProvider } from './wechat';

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('binding a phone or an email', () => {
  it('binds an email proved by a bind code, and logs in with it', async () => {
    const { token } = await registerUser(app);
    const email = newEmail();
    const code = await sendAndRead(app, { email }, 'bind', { token });
    const res = await call(app, '/UserApi/bindEmail', { email, code }, { token });
    expect(res).toMatchObject({ status: 1, data: { email } });
    expect((await call(app, '/UserApi/login', { email, password: STRONG })).status).toBe(1);
  });

  it('refuses to send a bind code without a login', async () => {
    const res = await call(
      app,
      '/UserApi/sendCode',
      { email: newEmail(), type: 'bind', ...(await figureCode(app)) },
      { ip: newAddress() },
    );
    expect(res.code).toBe(20003);
  });

  it("refuses another account's phone, at sendCode and at bindMobile", async () => {
    const owner = await registerUser(app);
    const { token } = await registerUser(app);
    const send = await call(
      app,
      '/UserApi/sendCode',
      { mobile: owner.mobile, type: 'bind', ...(await figureCode(app)) },
      { token, ip: newAddress() },
    );
    expect(send.code).toBe(21015);
    const bind = await call(app, '/UserApi/bindMobile', { mobile: owner.mobile, code: '123456' }, { token });
    expect(bind.code).toBe(21015);
  });

  it('refuses a bad email or phone format', async () => {
    const { token } = await registerUser(app);
    expect(await call(app, '/UserApi/bindEmail', { email: 'not-mail', code: '1' }, { token })).toMatchObject({
      code: 40001,
      message: '请输入正确的邮箱',
    });
    expect(await call(app, '/UserApi/bindMobile', { mobile: '10345678901', code: '1' }, { token })).toMatchObject({
      code: 40001,
      message: '请输入正确的手机号',
    });
  });

  it('keeps the last contact: the phone goes only while an email stays', async () => {
    const { token, mobile } = await registerUser(app);
    const refused = await call(app, '/UserApi/unbindMobile', { code: '123456' }, { token });
    expect(refused.code).toBe(21016);
    const email = newEmail();
    await call(app, '/UserApi/bindEmail', { email, code: await sendAndRead(app, { email }, 'bind', { token }) }, { token });
    const ip = newAddress();
    await ageCodes(app, mobile);
    const send = await call(app, '/UserApi/sendCode', { type: 'unbind', ...(await figureCode(app, ip)) }, { token, ip });
    expect(send.status).toBe(1);
    const code = await lastCode(app, mobile);
    const res = await call(app, '/UserApi/unbindMobile', { code }, { token });
    expect(res.data).toMatchObject({ mobile: '', email, account: email });
    // the phone is free for someone else now, and no longer logs in
    expect((await call(app, '/UserApi/login', { email: mobile, password: STRONG })).code).toBe(21001);
  });

  it('makes an account with neither phone nor email bind one before anything else', async () => {
    const account = `legacy${Date.now()}`;
    await app.ctx.db.insert(users).values({ username: '老账号', account, passwordHash: await hashPassword(STRONG), usertype: 1 });
    const login = await call(app, '/UserApi/login', { email: account, password: STRONG });
    expect(login.data).toMatchObject({ mustBind: 1, safe: 0 });
    const token = login.data.token;
    expect((await call(app, '/UserApi/getUserInfo', {}, { token })).data).toMatchObject({ mustBind: 1 });
    expect((await call(app, '/UserApi/updatePassword', { oldpassword: STRONG, password: 'Other#Pass9' }, { token })).code).toBe(
      20011,
    );
    const mobile = newPhone();
    const bound = await call(
      app,
      '/UserApi/bindMobile',
      { mobile, code: await sendAndRead(app, { mobile }, 'bind', { token }) },
      { token },
    );
    expect(bound.data).toMatchObject({ mobile, mustBind: 0 });
    expect((await call(app, '/UserApi/updatePassword', { oldpassword: STRONG, password: 'Other#Pass9' }, { token })).status).toBe(
      1,
    );
  });
});

describe('WeChat login', () => {
  it('is refused while WeChat is not configured, and the login page hides its button', async () => {
    expect((await call(app, '/wechat/login')).code).toBe(21013);
    expect((await call(app, '/SchoolApi/getConfig')).data.showWechatLogin).toBe(false);
  });

  it('binds a scanned WeChat to an account, then logs it in by scan alone', async () => {
    const fake: WechatProvider = {
      qrUrl: (codeKey, callback) => `https://wechat.example/qr?state=${codeKey}&cb=${encodeURIComponent(callback)}`,
      exchange: async (code) => ({ openid: `openid-${code}`, nickname: '微信用户' }),
    };
    const wx = await testApp(db, {}, { wechat: fake });
    expect((await call(wx, '/SchoolApi/getConfig')).data.showWechatLogin).toBe(true);
    const { mobile, uid } = await registerUser(wx);
    const scan = async (wechatCode: string) => {
      const start = await call(wx, '/wechat/login');
      expect(start.data.url).toContain(start.data.code_key);
      expect((await call(wx, '/UserApi/checkWechatCode', { code_key: start.data.code_key })).code).toBe(21018);
      const cb = await wx.inject({ method: 'GET', url: `/wechat/callback?code=${wechatCode}&state=${start.data.code_key}` });
      expect(cb.statusCode).toBe(200);
      return start.data.code_key as string;
    };
    const key = await scan(`c${uid}`);
    expect((await call(wx, '/UserApi/checkWechatCode', { code_key: key })).data).toEqual({ otherType: 2, code_key: key });
    expect((await call(wx, '/UserApi/bindWechat', { email: mobile, password: 'Wrong#Pass1', code_key: key })).code).toBe(21001);
    const bound = await call(wx, '/UserApi/bindWechat', { email: mobile, password: STRONG, code_key: key });
    expect(bound.data).toMatchObject({ uid: String(uid), bindWechat: 1 });
    const [row] = await wx.ctx.db.select().from(users).where(eq(users.id, uid));
    expect(row!.openid).toBe(`openid-c${uid}`);
    const next = await scan(`c${uid}`);
    const login = await call(wx, '/UserApi/checkWechatCode', { code_key: next });
    expect(login.data).toMatchObject({ otherType: 1, uid: String(uid) });
    expect((await call(wx, '/UserApi/getUserInfo', {}, { token: login.data.token })).data.wechat_nikename).toBe('微信用户');
    // a used code_key is spent
    expect((await call(wx, '/UserApi/checkWechatCode', { code_key: next })).code).toBe(40001);
    await wx.close();
  });
});
