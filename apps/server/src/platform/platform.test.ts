import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, redisUrl, registerUser, type TestDatabase, testApp, testDatabase } from '../../test/helpers';
import { ConfigError, loadConfig } from '../config';
import { MemoryBus } from './bus';
import { RedisBus } from './bus-redis';
import { translate } from './i18n';

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db, {}, {}, (a) =>
    a.post('/TestApi/boom', { config: { auth: 'none' } }, async () => {
      throw new Error('database password is hunter2');
    }),
  );
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('wire compatibility with Ketangpai clients', () => {
  it('matches paths without regard to case and with duplicate slashes', async () => {
    for (const url of [
      '/userapi/getfigurecode',
      '/USERAPI/GETFIGURECODE',
      '//UserApi//getFigureCode',
      '/UserApi/getFigureCode?x=1',
    ]) {
      const res = await call(app, url);
      expect(res, url).toMatchObject({ status: 1, code: 10000, message: '访问成功' });
    }
  });

  it('takes form-encoded bodies, numbers as strings and an optional reqtimestamp', async () => {
    const res = await call(app, '/SchoolApi/getConfig', { reqtimestamp: String(Date.now()) }, { form: true });
    expect(res.status).toBe(1);
    const json = await call(app, '/UserApi/login', {
      email: '13800000009',
      password: 'Xx#12345',
      remember: '1',
      reqtimestamp: Date.now(),
    });
    expect(json.code).toBe(21001);
  });

  it('takes the token header and refuses a missing or unknown token with 20003', async () => {
    const { token } = await registerUser(app);
    expect((await call(app, '/UserApi/getUserInfo', {}, { token })).status).toBe(1);
    const res = await app.inject({ method: 'POST', url: '/UserApi/getUserInfo', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().status).toBe(1);
    expect(await call(app, '/UserApi/getUserInfo')).toEqual({
      status: 0,
      code: 20003,
      message: '您还未登录或登录已过期，请重新登录',
      data: null,
    });
    expect((await call(app, '/UserApi/getUserInfo', {}, { token: 'forged' })).code).toBe(20003);
  });

  it('answers an empty JSON body and malformed JSON with the envelope', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/SchoolApi/getConfig',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json().status).toBe(1);
    const bad = await app.inject({
      method: 'POST',
      url: '/UserApi/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.json()).toMatchObject({ status: 0, code: 40001 });
  });

  it('treats every module call as an API call, whatever its prefix: enveloped and behind a login', async () => {
    const res = await call(app, '/futurev2/CourseTemplate/saveTempleteType', { courseid: 1, type: 1 });
    expect(res).toEqual({ status: 0, code: 20003, message: '您还未登录或登录已过期，请重新登录', data: null });
  });

  it('answers an unknown call with 40004 in the envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/NoSuchApi/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, code: 40004, message: '请求的接口或资源不存在', data: null });
  });

  it('answers an unexpected fault generically, with the request id and no details', async () => {
    const res = await app.inject({ method: 'POST', url: '/TestApi/boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ status: 0, code: 50000, data: null });
    expect(body.message).toMatch(/^Something went wrong on our side; try again later \(request req-\w+\)$/);
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.json().paths['/UserApi/login'].post.requestBody).toBeTruthy();
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
    // the page loads Swagger UI's own files and starts it on the OpenAPI document, from this origin only
    expect(ui.body).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
    const start = await app.inject({ method: 'GET', url: '/docs/start.js' });
    expect(start.body).toContain("url: '/openapi.json'");
    const bundle = await app.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toContain('SwaggerUIBundle');
    const css = await app.inject({ method: 'GET', url: '/docs/swagger-ui.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect((await app.inject({ method: 'GET', url: '/docs' })).headers.location).toBe('/docs/');
    // nothing else of the package's folder, and no way out of it
    expect((await app.inject({ method: 'GET', url: '/docs/package.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/docs/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });
});

describe('development and production modes', () => {
  it('has no outbox endpoint in production mode', async () => {
    const prod = await testApp(db, { MODE: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', SECRET: 'x'.repeat(40) });
    const res = await call(prod, '/DevApi/lastCode', { target: '13800000001' });
    expect(res.code).toBe(40004);
    // no SMS provider configured: codes to phones are refused plainly rather than lost
    expect((await call(prod, '/SchoolApi/getConfig')).status).toBe(1);
    await prod.close();
  });

  it('answers /DevApi only to loopback sockets, as if absent for anyone else', async () => {
    const mobile = '13800000001';
    await app.ctx.devOutbox?.record('sms', mobile, 'login', '123456');
    const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/DevApi/lastCode', payload: { target: mobile }, remoteAddress, headers });
    const absent = await app.inject({ method: 'POST', url: '/DevApi/noSuchCall', payload: {}, remoteAddress: '10.1.2.3' });
    for (const address of ['10.1.2.3', '192.168.0.7', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1']) {
      const res = await ask(address);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(absent.json());
    }
    // a forwarded-for header naming loopback changes nothing: the socket decides
    expect((await ask('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await ask(address);
      expect(res.json()).toMatchObject({ status: 1, data: { target: mobile, code: '123456' } });
    }
  });

  it('has no call under /DevApi that loads operator data: only the outbox and the due jobs (decision 017)', async () => {
    const writes = ['/DevApi/setDemoCourse', '/DevApi/importInstitution'];
    for (const url of writes) {
      const res = await app.inject({ method: 'POST', url, payload: {}, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    }
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/DevApi'))).toEqual(['/DevApi/lastCode', '/DevApi/runDueJobs']);
  });

  it('refuses to start production without a delivery provider or a secret', () => {
    expect(() => loadConfig({ MODE: 'production' })).toThrow(/SMTP_URL or SMS_WEBHOOK_URL/);
    expect(() => loadConfig({ MODE: 'production', SMTP_URL: 'smtp://x:25' })).toThrow(/SECRET/);
  });

  it('names the bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MODE: 'staging' })).toThrow(/MODE/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ACCESS_KEY/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '512K' })).toThrow(/PGLITE_SHARED_BUFFERS: must be at least 1M/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '2G' })).toThrow(/PGLITE_SHARED_BUFFERS: must be at most 1G/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, mode: 'development', production: false, seedDemo: true, allowRegister: true });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.pgliteSharedBuffers).toBe(32 * 1024 ** 2);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128M' }).pgliteSharedBuffers).toBe(128 * 1024 ** 2);
  });
});

describe('messages', () => {
  it('has every server message in both languages', () => {
    expect(translate('en', 'errors.codeWrong', { left: 2 })).toBe('Wrong verification code; 2 tries left');
    expect(translate('zh', 'errors.codeWrong', { left: 2 })).toBe('验证码错误，还可以再试 2 次');
  });
});

describe('bus', () => {
  it('delivers in-process messages to subscribers until they stop', async () => {
    const bus = new MemoryBus();
    const got: unknown[] = [];
    const stop = await bus.subscribe('course:1', (m) => got.push(m));
    await bus.publish('course:1', { cmd: 'ping' });
    await stop();
    await bus.publish('course:1', { cmd: 'late' });
    expect(got).toEqual([{ cmd: 'ping' }]);
  });

  it.runIf(redisUrl)('carries messages between two instances through Redis', async () => {
    const prefix = `test-${Date.now()}:`;
    const a = new RedisBus(redisUrl!, prefix);
    const b = new RedisBus(redisUrl!, prefix);
    const received = new Promise((resolve) => b.subscribe('room', resolve));
    await new Promise((r) => setTimeout(r, 100));
    await a.publish('room', { hello: 'from a' });
    expect(await received).toEqual({ hello: 'from a' });
    await a.close();
    await b.close();
  });
});

describe('rate limits across instances', () => {
  it.runIf(redisUrl)('holds the login counters across two instances sharing Redis', async () => {
    const other = await testApp(db);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const target = i % 2 === 0 ? app : other;
      codes.push((await call(target, '/UserApi/login', { email: '13811112222', password: 'Wrong#Pass1' })).code);
    }
    expect(codes).toEqual([21001, 21001, 21001, 21020]);
    await other.close();
  });
});

describe('compression and caching', () => {
  it("serves the build's precompressed assets with immutable caching, and the plain file to a client that takes neither", async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('课堂'.repeat(2000))});`;
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>PaiClass</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
    const web = await testApp(db, { WEB_DIST: dist });
    const br = await web.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await web.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await web.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const page = await web.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['cache-control']).toBe('no-cache');
    await web.close();
  });

  it("serves only the build's own files as spelt, answers a revalidation with 304, and finds a file rebuilt under it", async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>PaiClass</title>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'assets', 'a-1.css'), 'body{color:red}');
    fs.writeFileSync(path.join(os.tmpdir(), 'paiclass-outside.txt'), 'secret');
    const web = await testApp(db, { WEB_DIST: dist });
    const css = await web.inject({ method: 'GET', url: '/assets/a-1.css?v=1' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('body{color:red}');
    const again = await web.inject({
      method: 'GET',
      url: '/assets/a-1.css',
      headers: { 'if-none-match': String(css.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await web.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
    expect(head.headers['cache-control']).toBe('public, max-age=3600');
    // another spelling, a way out of the build, an encoded way out: the page (an unknown address is the app's to show)
    for (const url of [
      '/ASSETS/a-1.css',
      '/assets/../../paiclass-outside.txt',
      '/assets/%2e%2e/%2e%2e/paiclass-outside.txt',
      '/assets/%E0%A4%A',
    ]) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('secret');
      expect(res.body, url).not.toContain('color:red');
    }
    // a rebuild writes a new hashed file while the server runs: found once the list is a second old
    fs.writeFileSync(path.join(dist, 'assets', 'b-2.js'), 'console.log(2)');
    await new Promise((done) => setTimeout(done, 1100));
    const rebuilt = await web.inject({ method: 'GET', url: '/assets/b-2.js' });
    expect(rebuilt.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(rebuilt.body).toBe('console.log(2)');
    await web.close();
  });

  it('compresses API answers above a small size, and not the small ones', async () => {
    const big = await app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    const zlib = await import('node:zlib');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await app.inject({
      method: 'POST',
      url: '/SchoolApi/getConfig',
      headers: { 'accept-encoding': 'gzip' },
      payload: {},
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe(1);
  });

  it('compresses an answer of tens of kilobytes (a 50-question paper) in one piece, its length known, in either encoding', async () => {
    const zlib = await import('node:zlib');
    const paper = {
      lists: Array.from({ length: 200 }, (_, i) => ({ subjectid: i, title: `<p>第 ${i} 题：${'选项'.repeat(20)}</p>` })),
    };
    const big = await testApp(db, {}, {}, (a) => {
      a.post('/TestApi/paper', { config: { auth: 'none', api: true } }, async () => paper);
    });
    try {
      const gz = await big.inject({ method: 'POST', url: '/TestApi/paper', headers: { 'accept-encoding': 'gzip' }, payload: {} });
      const br = await big.inject({
        method: 'POST',
        url: '/TestApi/paper',
        headers: { 'accept-encoding': 'br, gzip' },
        payload: {},
      });
      expect(JSON.stringify(paper).length).toBeGreaterThan(16 * 1024);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(br.headers['content-encoding']).toBe('br');
      // compressed in one call: the length is sent (a stream would send it chunked, without one)
      expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).data).toEqual(paper);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).data).toEqual(paper);
    } finally {
      await big.close();
    }
  });
});

describe('typed answers', () => {
  it("serialises with the route's response schema and shows it inside the envelope in the OpenAPI document", async () => {
    const config = await call(app, '/SchoolApi/getConfig');
    expect(config.data).toMatchObject({ schoolName: expect.any(String), canRegister: expect.any(Boolean) });
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const answer = doc.paths['/UserApi/getUserInfo'].post.responses['200'].content['application/json'].schema;
    expect(answer.properties.status).toMatchObject({ type: 'integer' });
    expect(answer.properties.data.properties.id).toMatchObject({ type: 'string' });
    expect(answer.properties.data.properties.attestInfo).toMatchObject({ type: 'array' });
  });

  it('refuses, in tests, an answer that does not match its schema, and keeps fields the schema does not name', async () => {
    const { z } = await import('zod');
    const typed = await testApp(db, {}, {}, (a) => {
      a.post(
        '/TestApi/typed',
        { config: { auth: 'none', api: true }, schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => ({ n: 1, extra: 'kept' }),
      );
      a.post(
        '/TestApi/drifted',
        { config: { auth: 'none', api: true }, schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => ({ n: 'one' }),
      );
    });
    expect((await call(typed, '/TestApi/typed')).data).toEqual({ n: 1, extra: 'kept' });
    expect((await call(typed, '/TestApi/drifted')).code).toBe(50000);
    await typed.close();
  });
});

describe('the web app', () => {
  it('serves the app and the API with a content security policy and no framing by other sites', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createHash } = await import('node:crypto');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-web-'));
    const inline = 'window.booted = 1;';
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>PaiClass</title><style>.boot{color:red}</style><script>${inline}</script><script type="module" src="/assets/x.js"></script>`,
    );
    const web = await testApp(db, { WEB_DIST: dist });
    for (const url of ['/login', '/UserApi/getUserInfo', '/openapi.json']) {
      const res = await web.inject({ method: url.startsWith('/UserApi') ? 'POST' : 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(csp).not.toContain('upgrade-insecure-requests');
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      if (url.startsWith('/UserApi')) {
        // a JSON answer opened as a page loads and runs nothing
        expect(csp, url).toContain("default-src 'none'");
        expect(scriptSrc, url).toBe('');
        continue;
      }
      // scripts from this origin and the one inline script by its hash; nothing inline otherwise
      expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    }
    await web.close();
  });

  it('serves the app page for every route of the table, whatever the client accepts, and JSON for unknown calls', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>PaiClass</title>');
    const web = await testApp(db, { WEB_DIST: dist });
    for (const url of ['/login', '/courseHome?courseId=1&courseRole=1', '/']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('<title>PaiClass</title>');
    }
    const page = await web.inject({ method: 'GET', url: '/some/unknown/page', headers: { accept: 'text/html' } });
    expect(page.body).toContain('PaiClass');
    const api = await web.inject({ method: 'GET', url: '/NoSuchApi/call' });
    expect(api.json()).toMatchObject({ status: 0, code: 40004 });
    // a new build is served at once; while the build is being replaced, "try again shortly", never a fault
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>PaiClass 2</title>');
    expect((await web.inject({ method: 'GET', url: '/login' })).body).toContain('PaiClass 2');
    fs.rmSync(path.join(dist, 'index.html'));
    const replacing = await web.inject({ method: 'GET', url: '/login' });
    expect(replacing.statusCode).toBe(503);
    expect(replacing.headers['retry-after']).toBe('2');
    expect(replacing.body).toBe('PaiClass 正在更新，请稍后刷新页面');
    await web.close();
  });
});
