import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { settings } from './db/schema';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { PURGE_EXPIRED_JOB, purgeExpiredJob } from './modules/accounts/purge';
import { WechatOpenPlatform, type WechatProvider } from './modules/accounts/wechat';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { ATTENDANCE_END_JOB, attendanceEndJob } from './modules/attendance/attendance.service';
import { barrageRoutes } from './modules/barrage/barrage.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { classTimeRoutes } from './modules/classtime/classtime.routes';
import { commerceRoutes } from './modules/commerce/commerce.routes';
import { emailInvoiceJob, INVOICE_EMAIL_JOB } from './modules/commerce/invoices.service';
import { ORDER_CLOSE_JOB } from './modules/commerce/order-jobs';
import { closeOrderJob } from './modules/commerce/orders.service';
import { PAYMENT_REFUND_JOB, refundExtraPaymentJob } from './modules/commerce/payments.service';
import { contentRoutes } from './modules/content/content.routes';
import { END_JOB, endJob, PUBLISH_JOB, publishJob } from './modules/content/content.service';
import { courseHomeRoutes, coursesRoutes, groupsRoutes, membersRoutes } from './modules/courses/courses.routes';
import { MEMBER_NOTICE_JOB, memberNoticeJob } from './modules/courses/member-notice';
import { coursewareRoutes } from './modules/courseware/courseware.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { PREPARE_JOB, prepareJob, SUBMIT_JOB, submitJob } from './modules/exams/attempts.service';
import { examsRoutes } from './modules/exams/exams.routes';
import { CONVERT_JOB, convertJob } from './modules/files/convert';
import { filesRoutes } from './modules/files/files.routes';
import { UPLOAD_CLEANUP_JOB, uploadCleanupJob } from './modules/files/files.service';
import { PREVIEW_JOB, previewJob } from './modules/files/pages';
import { DUPCHECK_JOB, dupCheckJob } from './modules/homework/dupcheck/dupcheck.service';
import { homeworkRoutes } from './modules/homework/homework.routes';
import { ASSIGN_JOB, assignJob } from './modules/homework/reviews.service';
import { institutionsRoutes } from './modules/institutions/institutions.routes';
import { interactRoutes } from './modules/interact/interact.routes';
import { BrowserPushes, browserPushGateway } from './modules/live/browser-push';
import { hlsDirOf } from './modules/live/ingest';
import { liveRoutes } from './modules/live/live.routes';
import { LiveFiles } from './modules/live/live-files';
import { mediaTools } from './modules/live/media-server';
import { LiveRecorder } from './modules/live/recording';
import { meetingsRoutes } from './modules/meetings/meetings.routes';
import { turnBinary } from './modules/meetings/turn-server';
import { noticesRoutes } from './modules/notices/notices.routes';
import { representationRoutes } from './modules/representation/representation.routes';
import { schoolRoutes } from './modules/school/school.routes';
import { scoresRoutes } from './modules/scores/scores.routes';
import { speakRoutes } from './modules/speak/speak.routes';
import { registerAbsoluteAddresses } from './platform/addresses';
import { registerApiDocs } from './platform/api-docs';
import { registerAuth } from './platform/auth';
import { type Bus, MemoryBus } from './platform/bus';
import type { AppContext } from './platform/context';
import { ChannelDelivery, OutboxTransport, SmtpTransport, type Transport, WebhookSmsTransport } from './platform/delivery';
import {
  isApiRequest,
  notFoundEnvelope,
  parseUntypedBody,
  refusingNulBytes,
  registerApi,
  registerEnvelope,
} from './platform/envelope';
import { AppError, badField } from './platform/errors';
import { translate } from './platform/i18n';
import { type JobLane, JobQueue, type JobRun } from './platform/jobs';
import { logHygiene } from './platform/log-hygiene';
import { LoginLimits, MemoryCounters, RedisCounters } from './platform/login-limits';
import { servePlainUpgrade } from './platform/plain-upgrade';
import { ReadCache } from './platform/read-cache';
import { guardedRateStore, RedisLink, redisOptions } from './platform/redis-link';
import { openApiTransform, responseSerializer } from './platform/responses';
import { registerSecurityHeaders } from './platform/security-headers';
import { SessionCache } from './platform/session-cache';
import { LocalStorage, type Storage } from './platform/storage';
import { newToken, sha256 } from './platform/tokens';
import { serveWebFiles } from './platform/web-files';
import { chatGateway } from './realtime/chat.gateway';
import { classroomGateway } from './realtime/classroom.gateway';
import type { SocketCommands } from './realtime/commands';
import { RealtimeHub } from './realtime/hub';

export interface AppOptions {
  /** an already open database (tests share one per file) */
  database?: Database;
  /** replaces the WeChat provider built from the settings (tests use a fake one) */
  wechat?: WechatProvider;
  /** extra transports in front of the configured ones (tests capture messages) */
  logger?: boolean;
}

/**
 * The job pool's lanes (decision 012): LibreOffice and page rendering in a lane of their own, one run
 * at a time per instance (each may take two minutes and a core); upkeep (duplicate checks, clean-ups,
 * the purge of expired rows) in another. Every other kind (publishes, ends, attendance ends, exam
 * preparation and hand-ins, notices) runs in the default lane, several at once, never behind them.
 */
export const JOB_LANES: Record<string, JobLane> = {
  office: { concurrency: 1, kinds: [CONVERT_JOB, PREVIEW_JOB] },
  upkeep: { concurrency: 1, kinds: [DUPCHECK_JOB, UPLOAD_CLEANUP_JOB, PURGE_EXPIRED_JOB] },
};

/** Collapses duplicate slashes and maps an API path, whatever its case, to the registered one. */
export function canonicalUrl(url: string, known: Map<string, string>) {
  // most calls come spelt as registered: nothing to rewrite
  if (known.get(url) === url) return url;
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  const collapsed = rawPath.replace(/\/{2,}/g, '/');
  return (known.get(collapsed.toLowerCase()) ?? collapsed) + query;
}

/** The signing secret: SECRET when set, else one generated on first start and kept in the database. */
async function loadSecret(database: Database, configured?: string) {
  if (configured) return configured;
  await database.db.insert(settings).values({ key: 'secret', value: newToken() }).onConflictDoNothing();
  const [row] = await database.db.select().from(settings).where(sql`${settings.key} = 'secret'`);
  return row!.value;
}

/** Builds the whole server: database, platform ports, every area's calls, documents and the web app. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      sharedBuffers: config.pgliteSharedBuffers,
      onIdleError: (err) => console.error(`database connection lost (the pool reconnects): ${err.message}`),
    }));
  const known = new Map<string, string>();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
            // requests by their path only, credentials in query strings replaced, whoever logs
            ...logHygiene,
            // no pid and hostname on every line: the process is known from where its log goes
            base: undefined,
            // written in batches of 16 KB off the request path (4 KB batches still cost a fifth of a
            // small call's time), at least every half second, and flushed on exit by pino
            stream: pino.destination({ dest: 1, sync: false, minLength: 16000, periodicFlush: 500 }),
          },
    // one line per request, written below, instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/', known),
  });
  app.addHook('onRoute', (route) => {
    known.set(route.url.toLowerCase(), route.url);
    known.set(route.url, route.url);
  });
  app.addHook('onResponse', (req, reply, done) => {
    // the path only: query strings carry signed file addresses and codes, which never go to a log
    const q = req.url.indexOf('?');
    req.log.info(
      {
        method: req.method,
        path: q === -1 ? req.url : req.url.slice(0, q),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: req.user?.id,
      },
      'request',
    );
    done();
  });

  // Redis and S3 clients are loaded only when configured: the embedded start does not pay for them
  const secret = await loadSecret(database, config.secret);
  // Redis is namespaced by the installation (a digest of its secret): two installations sharing a Redis
  // never hear each other's events (user 1 of one school is not user 1 of another) nor share counters;
  // the instances of one installation share its secret, so they share the bus
  const redisSpace = `${sha256(secret).slice(0, 12)}:`;
  // one link watches every Redis connection: errors handled, an outage logged once, calls that need
  // Redis refused with 50300 while it lasts, and everything back by itself when Redis is (decision 027)
  const redisLink = config.redisUrl ? new RedisLink(app.log) : undefined;
  const redis = config.redisUrl
    ? redisLink!.watch(new (await import('ioredis')).Redis(config.redisUrl, redisOptions))
    : undefined;
  const bus: Bus = config.redisUrl
    ? new (await import('./platform/bus-redis')).RedisBus(config.redisUrl, `paiclass:${redisSpace}`, redisLink)
    : new MemoryBus();
  const storage: Storage = config.s3
    ? new (await import('./platform/storage-s3')).S3Storage(config.s3)
    : new LocalStorage(path.join(config.dataDir, 'files'));
  const devOutbox = config.production ? undefined : new OutboxTransport(database.db, app.log);
  const transports: { sms?: Transport; email?: Transport } = {};
  if (config.smtpUrl) transports.email = new SmtpTransport(config.smtpUrl, config.mailFrom);
  if (config.smsWebhookUrl) transports.sms = new WebhookSmsTransport(config.smsWebhookUrl);
  const ctx: AppContext = {
    config,
    db: database.db,
    bus,
    storage,
    delivery: new ChannelDelivery(transports, devOutbox),
    devOutbox,
    redis,
    secret,
    wechat: options.wechat ?? (config.wechat ? new WechatOpenPlatform(config.wechat.appid, config.wechat.secret) : undefined),
    jobs: new JobQueue(database.db, app.log, { lanes: JOB_LANES }),
    realtime: new RealtimeHub(database.db, bus, app.log),
    sessions: new SessionCache(bus),
    reads: new ReadCache(database.changes),
    loginLimits: new LoginLimits(
      redis ? new RedisCounters(redis, `paiclass-login:${redisSpace}`, redisLink) : new MemoryCounters(),
    ),
    // not running until main (or a test) starts it: startIngest in modules/live/ingest.ts
    media: { running: false, missing: mediaTools().missing, problem: '', rtmpPort: config.liveRtmpPort },
    // not running until main (or a test) starts it: startTurn in modules/meetings/turn-server.ts
    turn: { running: false, missing: turnBinary() ? [] : ['coturn'], problem: '', port: config.turnPort },
    lives: {
      recorder: new LiveRecorder(storage, hlsDirOf(config.dataDir), app.log),
      pushes: new BrowserPushes(),
      files: new LiveFiles(storage),
    },
  };
  await ctx.sessions.start();
  // every handler works through its run's fenced handle: a run that lost its lease writes nothing more
  const forRun = (job: JobRun): AppContext => ({ ...ctx, db: job.db, jobs: ctx.jobs.using(job.db) });
  ctx.jobs.register(MEMBER_NOTICE_JOB, (payload, job) => memberNoticeJob(forRun(job))(payload, job));
  ctx.jobs.register(PUBLISH_JOB, (payload, job) => publishJob(forRun(job), payload));
  ctx.jobs.register(END_JOB, (payload, job) => endJob(forRun(job), payload, job.runAt));
  ctx.jobs.register(DUPCHECK_JOB, (payload, job) => dupCheckJob(forRun(job), payload));
  ctx.jobs.register(ASSIGN_JOB, (payload, job) => assignJob(forRun(job), payload));
  ctx.jobs.register(CONVERT_JOB, (payload, job) => convertJob(forRun(job), payload, job.signal));
  ctx.jobs.register(PREVIEW_JOB, (payload, job) => previewJob(forRun(job))(payload, job));
  ctx.jobs.register(UPLOAD_CLEANUP_JOB, (payload, job) => uploadCleanupJob(forRun(job))(payload, job));
  ctx.jobs.register(ATTENDANCE_END_JOB, (payload, job) => attendanceEndJob(forRun(job), payload));
  ctx.jobs.register(PREPARE_JOB, (payload, job) => prepareJob(forRun(job), payload, job.signal));
  ctx.jobs.register(SUBMIT_JOB, (payload, job) => submitJob(forRun(job), payload, job.runAt));
  ctx.jobs.register(PURGE_EXPIRED_JOB, (_payload, job) => purgeExpiredJob(forRun(job), job.signal));
  ctx.jobs.register(ORDER_CLOSE_JOB, (payload, job) => closeOrderJob(forRun(job), payload, job.runAt));
  ctx.jobs.register(PAYMENT_REFUND_JOB, (payload, job) => refundExtraPaymentJob(forRun(job), payload));
  ctx.jobs.register(INVOICE_EMAIL_JOB, (payload, job) => emailInvoiceJob(forRun(job), payload));
  app.decorate('ctx', ctx);
  app.decorate('socketCommands', new Map() as SocketCommands);
  // a request that wrote counts once more after its commit, so that the next cached read waits for
  // the change feed to pass on its changes before answering (see ReadCache)
  app.decorateRequest('writesAtStart', 0);
  // hooks on every request are written with callbacks: an async hook costs a promise per request
  app.addHook('onRequest', (req, _reply, done) => {
    req.writesAtStart = database.changes.writes;
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (database.changes.writes !== req.writesAtStart) database.changes.wrote();
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await ctx.lives.recorder.stopAll().catch(() => {});
    await ctx.jobs.stop();
    await ctx.sessions.stop();
    ctx.reads.stop();
    await bus.close();
    if (redis) redisLink?.forget(redis);
    redis?.disconnect();
    if (!options.database) await database.close();
  });

  app.setValidatorCompiler(refusingNulBytes(validatorCompiler));
  app.setSerializerCompiler(responseSerializer(config.checkResponses));
  // third-party clients send an empty JSON body to calls that take none
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '' || body === undefined) return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      // the body is what is wrong: named as such (decision 007, refusals name the field)
      done(badField('validation.invalid', ['body']), undefined);
    }
  });
  await app.register(formbody);
  // a body with no Content-Type (Python's `requests.post(data=str)`) or as text/plain
  app.addContentTypeParser(['text/plain', '*'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseUntypedBody(body as string)),
  );
  registerAbsoluteAddresses(app, config.publicUrl, ctx.secret);
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {};
    done();
  });
  registerEnvelope(app);
  registerAuth(app, ctx);
  registerSecurityHeaders(app, config, path.join(config.webDist, 'index.html'));
  // answers above a small size go compressed; built assets are compressed at build time (below). An
  // answer up to 128 KB is compressed in one call on this thread: a stream per answer (the plugin's way
  // above 8 KB on two cores) allocated and zeroed a fresh window each, 1.4 ms of CPU per 12 KB answer
  // when a class's thousand arrive at once, against 0.1 ms in one call (decision 058). Brotli's window
  // is 256 KB, not 4 MB: no answer needs more, and a smaller one starts a third faster.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { store: guardedRateStore(redis, redisLink!, `paiclass-rl:${redisSpace}`) } : {}),
    skipOnError: false,
    errorResponseBuilder: (_req, context) =>
      new AppError('rateLimited', 'errors.rateLimited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'PaiClass API', version: '0.1.0', description: 'Envelope, codes and calls: see docs/api.md' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: openApiTransform,
  });
  registerApiDocs(app);
  app.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());

  // the client offers [token, hash] as sub-protocols; the first is echoed so browsers accept the socket
  // Node hands every request offering an upgrade to the server's 'upgrade' listeners, with its body left
  // unread on the socket; @fastify/websocket routes it without that body. So the plugin hears only
  // WebSocket upgrades, and any other offer (h2c: Java's HttpClient, `curl --http2`) is declined by
  // serving the request as HTTP/1.1 with its body (servePlainUpgrade)
  const websocketUpgrades = new EventEmitter();
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (String(req.headers.upgrade ?? '').toLowerCase() === 'websocket') websocketUpgrades.emit('upgrade', req, socket, head);
    else servePlainUpgrade(app.server, req, socket, head);
  });
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      handleProtocols: (protocols) => protocols.values().next().value ?? false,
      server: websocketUpgrades as never,
    },
  });
  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  // every page of the single-page app is served by its index, read on each request (a few KB): a new
  // build is served at once, and a build being replaced under the running server (development) is
  // said as "try again shortly" (503), never as a server fault
  app.decorate('servePage', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!hasWeb || isApiRequest(req)) return reply.status(404).send(notFoundEnvelope(req));
    const html = await fs.promises.readFile(indexHtml).catch(() => undefined);
    if (!html)
      return reply
        .status(503)
        .header('retry-after', '2')
        .type('text/plain; charset=utf-8')
        .send(translate(req.lang ?? 'zh', 'errors.updating'));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  await app.register(classroomGateway);
  await app.register(chatGateway);
  await app.register(browserPushGateway);
  await registerApi(app, [
    accountsRoutes,
    schoolRoutes,
    coursesRoutes,
    courseHomeRoutes,
    membersRoutes,
    groupsRoutes,
    classTimeRoutes,
    attendanceRoutes,
    institutionsRoutes,
    noticesRoutes,
    filesRoutes,
    contentRoutes,
    homeworkRoutes,
    scoresRoutes,
    examsRoutes,
    barrageRoutes,
    coursewareRoutes,
    interactRoutes,
    representationRoutes,
    speakRoutes,
    chatRoutes,
    meetingsRoutes,
    liveRoutes,
    commerceRoutes,
    adminRoutes,
    ...(config.production ? [] : [devRoutes]),
  ]);

  if (hasWeb) serveWebFiles(app, config.webDist);
  app.setNotFoundHandler((req, reply) => app.servePage(req, reply));
  return app;
}
