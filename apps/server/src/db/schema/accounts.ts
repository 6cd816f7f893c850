import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Accounts (spec 1 §3 User info). Phone and email are unique when present; email is stored lowercase. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    usertype: smallint('usertype').notNull().default(0),
    username: varchar('username', { length: 30 }).notNull(),
    account: varchar('account', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 11 }),
    email: varchar('email', { length: 100 }),
    passwordHash: text('password_hash'),
    school: varchar('school', { length: 50 }).notNull().default(''),
    department: varchar('department', { length: 20 }).notNull().default(''),
    stno: varchar('stno', { length: 20 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    lang: varchar('lang', { length: 2 }).notNull().default('zh'),
    openid: varchar('openid', { length: 64 }),
    unionid: varchar('unionid', { length: 64 }),
    wechatNickname: varchar('wechat_nickname', { length: 64 }).notNull().default(''),
    notify: jsonb('notify').$type<[number, number, number, number]>().notNull().default([1, 1, 1, 1]),
    isenterprise: smallint('isenterprise').notNull().default(0),
    atteststate: smallint('atteststate').notNull().default(0),
    attestJigou: varchar('attest_jigou', { length: 100 }).notNull().default(''),
    isvip: smallint('isvip').notNull().default(0),
    vipBegin: timestamp('vip_begin', { withTimezone: true }),
    vipEnd: timestamp('vip_end', { withTimezone: true }),
    /**
     * The institution VIP in force (3 or 4, decision 039): the highest grant of an institution's operator,
     * kept beside the bought membership, which refunds re-chain; `isvip` answers the higher of the two.
     */
    instVip: smallint('inst_vip').notNull().default(0),
    instVipBegin: timestamp('inst_vip_begin', { withTimezone: true }),
    instVipEnd: timestamp('inst_vip_end', { withTimezone: true }),
    enrolltime: varchar('enrolltime', { length: 7 }).notNull().default(''),
    grade: varchar('grade', { length: 2 }).notNull().default(''),
    classno: varchar('classno', { length: 20 }).notNull().default(''),
    teachcourse: jsonb('teachcourse').$type<string[]>().notNull().default([]),
    majors: jsonb('majors').$type<{ type: string; id: string; title: string }[]>().notNull().default([]),
    coid: varchar('coid', { length: 32 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(sql`lower(${t.account})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_openid_key').on(t.openid),
    // spec 1 §3: usertype 1 teacher, 0 student; isvip 0 none … 4 institution super VIP
    check('users_usertype_check', sql`${t.usertype} in (0, 1)`),
    check('users_isvip_check', sql`${t.isvip} between 0 and 4`),
    check('users_inst_vip_check', sql`${t.instVip} in (0, 3, 4)`),
    check('users_lang_check', sql`${t.lang} in ('zh', 'en')`),
  ],
);

/** Login sessions; only the SHA-256 of the token is kept. `restricted` gates weak-password and no-contact accounts. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    restricted: varchar('restricted', { length: 16 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** SMS and email verification codes: single use, hashed, expiring, with a try counter. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    target: varchar('target', { length: 100 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('codes_target_idx').on(t.target, t.createdAt), index('codes_address_idx').on(t.clientAddress, t.createdAt)],
);

/** Picture codes (captchas), kept in the database so that any instance can check them. */
export const figureCodes = pgTable('figure_codes', {
  sessionid: varchar('sessionid', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  verified: boolean('verified').notNull().default(false),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Password-reset tickets issued by checkFindCode; single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Fast-login register tickets: a verified phone with no account yet. */
export const registerTickets = pgTable('register_tickets', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** WeChat QR logins in progress (code_key) and what the provider reported when scanned. */
export const wechatLogins = pgTable('wechat_logins', {
  codeKey: varchar('code_key', { length: 64 }).primaryKey(),
  openid: varchar('openid', { length: 64 }),
  unionid: varchar('unionid', { length: 64 }),
  nickname: varchar('nickname', { length: 64 }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Development outbox: every code and message that would have been delivered. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 16 }).notNull(),
    target: varchar('target', { length: 100 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    code: varchar('code', { length: 16 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_target_idx').on(t.target, t.id)],
);

/** Small server-wide settings, such as the signing secret generated on first start. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});
