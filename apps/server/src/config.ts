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
  SCHOOL_NAME: z.string().default('PaiClass'),
  ALLOW_REGISTER: bool.default(true),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** how often the server pings each socket; a socket silent since the last ping is closed */
  WS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** check every answer against its route's response schema before sending it (tests and journeys) */
  CHECK_RESPONSES: bool.default(false),
  /** the school's time zone as minutes east of UTC, for scheduled notices (China Standard Time) */
  TZ_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(480),
  WEB_DIST: z.string().optional(),
  /** what one account may keep in uploaded files, all together (issue 11): ordinary accounts and VIP members */
  USER_STORAGE_QUOTA: bytes.default(10 * 1024 ** 3),
  VIP_STORAGE_QUOTA: bytes.default(100 * 1024 ** 3),
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
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    mode: e.MODE,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
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
    schoolName: e.SCHOOL_NAME,
    allowRegister: e.ALLOW_REGISTER,
    wechat: e.WECHAT_APPID ? { appid: e.WECHAT_APPID, secret: e.WECHAT_SECRET! } : undefined,
    // demo data on first start in embedded mode only, unless asked for explicitly
    seedDemo: e.SEED_DEMO ?? (!production && !e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    checkResponses: e.CHECK_RESPONSES,
    tzOffsetMinutes: e.TZ_OFFSET_MINUTES,
    storageQuota: { user: e.USER_STORAGE_QUOTA, vip: e.VIP_STORAGE_QUOTA },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
