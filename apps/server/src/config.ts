import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting, read from the environment with defaults and validated at start.
 * A bad value stops the process with a message that names the variable.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), { message: `must start with ${protocols.join(': or ')}:` });

/** A number of bytes, plain or with a binary unit: `5368709120`, `500M`, `5G`, `1T`. */
const bytes = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*([KMGT]i?B?)?$/i, { message: 'must be a size such as 5G, 500M or a number of bytes' })
  .transform((v) => {
    const m = /^([\d.]+)\s*([KMGT])?/i.exec(v)!;
    const power = ' KMGT'.indexOf((m[2] ?? ' ').toUpperCase());
    return Math.floor(Number(m[1]) * 1024 ** power);
  });

const schema = z.object({
  NODE_ENV: z.string().optional(),
  MODE: z.enum(['development', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // the embedded database's buffer pool: 1M to 1G, 32M unless set (decision 061)
  PGLITE_SHARED_BUFFERS: bytes.default(32 * 1024 ** 2).pipe(
    z
      .number()
      .min(1024 ** 2, { message: 'must be at least 1M' })
      .max(1024 ** 3, { message: 'must be at most 1G' }),
  ),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('PaiClass <no-reply@paiclass.local>'),
  SMS_WEBHOOK_URL: url(['http', 'https']).optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('paiclass'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  /** the RTMP application OBS pushes to (nginx-rtmp, decision 031); default rtmp://<the caller's host>:1935/live */
  LIVE_RTMP_URL: url(['rtmp', 'rtmps']).optional(),
  /** start nginx-rtmp (Debian's nginx and libnginx-mod-rtmp) with the server when it is installed */
  LIVE_INGEST: bool.default(true),
  /** where nginx-rtmp listens for encoders: loopback by default; 0.0.0.0 for OBS on other machines */
  LIVE_RTMP_LISTEN: z.string().default('127.0.0.1'),
  LIVE_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  /** start coturn (Debian's coturn) as the built-in meeting's STUN/TURN server when it is installed (decision 041) */
  MEETING_TURN: bool.default(true),
  /** where coturn listens: loopback by default; 0.0.0.0 (and TURN_EXTERNAL_IP behind NAT) for people on other networks */
  TURN_LISTEN: z.string().default('127.0.0.1'),
  TURN_PORT: z.coerce.number().int().min(1).max(65535).default(3478),
  /** the public address coturn announces when the machine is behind NAT */
  TURN_EXTERNAL_IP: z.string().optional(),
  /** the UDP ports coturn relays media through */
  TURN_MIN_PORT: z.coerce.number().int().min(1024).max(65535).default(49152),
  TURN_MAX_PORT: z.coerce.number().int().min(1024).max(65535).default(65535),
  /** the host (and port) browsers reach coturn at; default the host the page was loaded from */
  TURN_HOST: z.string().optional(),
  /** let coturn relay to loopback and private addresses (tests on one machine; never on a public server) */
  TURN_ALLOW_PRIVATE: bool.default(false),
  SCHOOL_NAME: z.string().default('PaiClass'),
  ALLOW_REGISTER: bool.default(true),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** how often the server pings each socket; a socket silent since the last ping is closed */
  WS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** bytes that may wait to be sent to one socket; a socket further behind is closed (4413) and catches up by cursor */
  WS_SEND_BUFFER_BYTES: z.coerce.number().int().min(1024).max(67_108_864).default(1_048_576),
  /** classroom sockets one user may hold on one instance; a newer one closes the oldest (4429) */
  WS_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  /** check every answer against its route's response schema before sending it (tests and journeys) */
  CHECK_RESPONSES: bool.default(false),
  /** the school's time zone as minutes east of UTC, for scheduled notices (China Standard Time) */
  TZ_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(480),
  WEB_DIST: z.string().optional(),
  /** what one account may keep in uploaded files, all together (issue 11): ordinary accounts and VIP members */
  USER_STORAGE_QUOTA: bytes.default(10 * 1024 ** 3),
  VIP_STORAGE_QUOTA: bytes.default(100 * 1024 ** 3),
  /**
   * the sandbox payment provider (issue 28, decision 035): with no real provider configured, a confirm
   * page pays or fails, so the whole flow can be tried; set false where no one may buy VIP for nothing
   */
  PAYMENT_SANDBOX: bool.optional(),
  /**
   * Alipay (issue 28, decision 037): the app id, the app's RSA2 private key and Alipay's public key
   * (PEM, or the bare base64 the open platform shows; `\n` may stand for line breaks), the gateway
   */
  ALIPAY_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{6,32}$/, { message: 'must be the app id, digits' })
    .optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: url(['http', 'https']).default('https://openapi.alipay.com/gateway.do'),
  /**
   * WeChat Pay v3 (issue 28, decision 037): the merchant id, the app id, the merchant certificate's
   * serial number and private key, the API v3 key (32 characters), the platform's public key and its
   * serial (or id), and the API base
   */
  WECHATPAY_MCHID: z
    .string()
    .trim()
    .regex(/^\d{6,32}$/, { message: 'must be the merchant id, digits' })
    .optional(),
  WECHATPAY_APPID: z.string().trim().min(1).max(64).optional(),
  WECHATPAY_SERIAL: z.string().trim().min(1).max(64).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, { message: 'must be the 32-character API v3 key' }).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().trim().min(1).max(64).optional(),
  WECHATPAY_BASE: url(['http', 'https']).default('https://api.mch.weixin.qq.com'),
  /**
   * WeChat Pay JSAPI inside WeChat's browser (decision 054): the secret of the official account whose app
   * id is WECHATPAY_APPID, for the web OAuth that learns the payer's openid; JSAPI is offered only with it.
   * Never logged, nor echoed by a refusal of the configuration (it has no format to check).
   */
  WECHATPAY_APP_SECRET: z.string().trim().optional(),
  /** where the OAuth code is exchanged for the openid (tests point it at a local fake) */
  WECHATPAY_OAUTH_BASE: url(['http', 'https']).default('https://api.weixin.qq.com'),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads and checks the settings; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.MODE === 'production';
  if (production) {
    const missing: string[] = [];
    if (!e.SMTP_URL && !e.SMS_WEBHOOK_URL)
      missing.push('SMTP_URL or SMS_WEBHOOK_URL: production needs a real delivery provider for codes');
    if (!e.SECRET) missing.push('SECRET: production needs a fixed secret of at least 32 characters');
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  }
  if (e.S3_ENDPOINT && (!e.S3_ACCESS_KEY || !e.S3_SECRET_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY and S3_SECRET_KEY: required when S3_ENDPOINT is set');
  }
  if (Boolean(e.WECHAT_APPID) !== Boolean(e.WECHAT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  WECHAT_APPID and WECHAT_SECRET: set both or neither');
  }
  const alipay = paymentGroup(e, ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
  const wechatPay = paymentGroup(e, [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_PUBLIC_KEY',
    'WECHATPAY_PLATFORM_SERIAL',
  ]);
  if (e.WECHATPAY_APP_SECRET && !wechatPay) {
    throw new ConfigError(
      'Invalid configuration:\n  WECHATPAY_APP_SECRET: needs the other WECHATPAY_* settings (JSAPI is WeChat Pay)',
    );
  }
  if ((alipay || wechatPay) && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required with a payment provider (its notifications come to PUBLIC_URL/PayNotify/...)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    mode: e.MODE,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKey: e.S3_ACCESS_KEY!,
          secretKey: e.S3_SECRET_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    secret: e.SECRET,
    publicUrl: e.PUBLIC_URL,
    liveRtmpUrl: e.LIVE_RTMP_URL,
    liveIngest: e.LIVE_INGEST,
    liveRtmpListen: e.LIVE_RTMP_LISTEN,
    liveRtmpPort: e.LIVE_RTMP_PORT,
    meetingTurn: e.MEETING_TURN,
    turnListen: e.TURN_LISTEN,
    turnPort: e.TURN_PORT,
    turnExternalIp: e.TURN_EXTERNAL_IP,
    turnMinPort: e.TURN_MIN_PORT,
    turnMaxPort: Math.max(e.TURN_MIN_PORT, e.TURN_MAX_PORT),
    turnHost: e.TURN_HOST,
    turnAllowPrivate: e.TURN_ALLOW_PRIVATE,
    schoolName: e.SCHOOL_NAME,
    allowRegister: e.ALLOW_REGISTER,
    wechat: e.WECHAT_APPID ? { appid: e.WECHAT_APPID, secret: e.WECHAT_SECRET! } : undefined,
    // demo data on first start in embedded mode only, unless asked for explicitly
    seedDemo: e.SEED_DEMO ?? (!production && !e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    wsSendBufferBytes: e.WS_SEND_BUFFER_BYTES,
    wsSocketsPerUser: e.WS_SOCKETS_PER_USER,
    checkResponses: e.CHECK_RESPONSES,
    tzOffsetMinutes: e.TZ_OFFSET_MINUTES,
    storageQuota: { user: e.USER_STORAGE_QUOTA, vip: e.VIP_STORAGE_QUOTA },
    // the sandbox is the default only while no real provider is configured (decision 037)
    paymentSandbox: e.PAYMENT_SANDBOX ?? !(alipay || wechatPay),
    alipay: alipay
      ? {
          appId: e.ALIPAY_APP_ID!,
          privateKey: pemText(e.ALIPAY_PRIVATE_KEY!),
          publicKey: pemText(e.ALIPAY_PUBLIC_KEY!),
          gateway: e.ALIPAY_GATEWAY,
        }
      : undefined,
    wechatPay: wechatPay
      ? {
          mchid: e.WECHATPAY_MCHID!,
          appid: e.WECHATPAY_APPID!,
          serial: e.WECHATPAY_SERIAL!,
          privateKey: pemText(e.WECHATPAY_PRIVATE_KEY!),
          apiV3Key: e.WECHATPAY_APIV3_KEY!,
          platformPublicKey: pemText(e.WECHATPAY_PLATFORM_PUBLIC_KEY!),
          platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
          base: e.WECHATPAY_BASE.replace(/\/+$/, ''),
          appSecret: e.WECHATPAY_APP_SECRET,
          oauthBase: e.WECHATPAY_OAUTH_BASE.replace(/\/+$/, ''),
        }
      : undefined,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** A payment provider's variables: all of them or none (naming the missing ones); true when all are set. */
function paymentGroup(e: Record<string, unknown>, names: string[]) {
  const missing = names.filter((n) => !e[n]);
  if (missing.length === names.length) return false;
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required with ${names.filter((n) => e[n]).join(', ')}`,
    );
  return true;
}

/** A key given in one line: `\n` written out becomes a line break. */
const pemText = (v: string) => v.replace(/\\n/g, '\n').trim();
