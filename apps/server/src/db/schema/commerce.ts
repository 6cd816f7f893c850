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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * VIP products on sale (spec 1 §3 VIP product; issue 28): the price in cents, the months a purchase
 * adds and the `isvip` level it gives (1 VIP, 2 super VIP). The migration puts the first four on sale.
 */
export const vipProducts = pgTable(
  'vip_products',
  {
    id: serial('id').primaryKey(),
    productname: varchar('productname', { length: 50 }).notNull(),
    productnameEn: varchar('productname_en', { length: 50 }).notNull(),
    price: integer('price').notNull(),
    months: smallint('months').notNull(),
    level: smallint('level').notNull().default(1),
    sort: smallint('sort').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
    /** spec 1 §3 `from_type`: 0 a VIP plan, 1 a pre-career study card (students', decision 037; no VIP level) */
    fromType: smallint('from_type').notNull().default(0),
    /** a refund gives back the unused share of the period only (issue 28); whole otherwise (decision 044) */
    proRata: boolean('pro_rata').notNull().default(false),
  },
  (t) => [
    check('vip_products_price_check', sql`${t.price} > 0`),
    check('vip_products_months_check', sql`${t.months} between 1 and 120`),
    check(
      'vip_products_level_check',
      sql`(${t.fromType} = 0 and ${t.level} in (1, 2)) or (${t.fromType} = 1 and ${t.level} = 0)`,
    ),
  ],
);

/**
 * Orders (spec 1 §4 order states; issue 28, decision 035): a unique 20-digit order number, the
 * product and price fixed when created, the state (0 to be paid, 1 paid, 2 unpaid, 3 refunded,
 * 4 closed), the provider's trade number once paid, and the VIP period the payment bought.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderno: varchar('orderno', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => vipProducts.id),
    productname: varchar('productname', { length: 50 }).notNull(),
    productnameEn: varchar('productname_en', { length: 50 }).notNull(),
    level: smallint('level').notNull(),
    months: smallint('months').notNull(),
    totalFee: integer('total_fee').notNull(),
    state: smallint('state').notNull().default(0),
    provider: varchar('provider', { length: 16 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    vipBegin: timestamp('vip_begin', { withTimezone: true }),
    vipEnd: timestamp('vip_end', { withTimezone: true }),
    /** the product's `from_type`: 0 VIP, 1 pre-career study card (its period is the card's validity) */
    fromType: smallint('from_type').notNull().default(0),
    /** the product's refund terms when the order was made (decision 044) */
    proRata: boolean('pro_rata').notNull().default(false),
    /** cents given back by the refund; null until refunded */
    refundFee: integer('refund_fee'),
  },
  (t) => [
    check('orders_refund_fee_check', sql`${t.refundFee} is null or ${t.refundFee} between 0 and ${t.totalFee}`),
    uniqueIndex('orders_orderno_key').on(t.orderno),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_product_idx').on(t.productId),
    check('orders_state_check', sql`${t.state} between 0 and 4`),
    check('orders_total_fee_check', sql`${t.totalFee} > 0`),
    check('orders_from_type_check', sql`${t.fromType} in (0, 1)`),
  ],
);

/**
 * Every payment notification received, verified or not, and what it came to (issue 28: verified,
 * idempotent by order number and amount, recorded). A second payment of a paid order is kept here
 * as `duplicatePayment`, flagged for the operator to refund.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    orderno: varchar('orderno', { length: 32 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    amount: integer('amount').notNull().default(0),
    outcome: varchar('outcome', { length: 24 }).notNull(),
    /** a duplicate or late payment the operator must refund */
    flagged: boolean('flagged').notNull().default(false),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('payment_notifications_orderno_idx').on(t.orderno)],
);

/**
 * Payments given back on their own (issue 28, decision 037): a second payment of an order already paid,
 * or a payment of an order already closed, is credited nothing and refunded through the provider that
 * took it. One row per payment (the provider's trade number, unique), so a replayed notification of
 * that payment refunds nothing more. `state` 0 waiting, 1 refunded, 2 given up (the operator's).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    orderno: varchar('orderno', { length: 32 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    /** cents */
    amount: integer('amount').notNull(),
    /** 'duplicate' (the order was paid already) or 'afterClose' */
    reason: varchar('reason', { length: 16 }).notNull(),
    state: smallint('state').notNull().default(0),
    refundNo: varchar('refund_no', { length: 64 }).notNull().default(''),
    /** the provider's last refusal, short, for the operator */
    error: varchar('error', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_payment_uq').on(t.provider, t.tradeNo),
    index('payment_refunds_orderno_idx').on(t.orderno),
    check('payment_refunds_state_ck', sql`${t.state} in (0, 1, 2)`),
  ],
);

/**
 * Invoice requests (spec 1 §3 Invoice request, §5 its checks; issue 28): a teacher's request for one
 * invoice over some of their paid orders. Each order is invoiced once (`invoice_orders`' unique order).
 * `state` 0 requested, 1 issued (the operator's number and PDF), 2 refused (the operator's reason; the
 * orders are released to be invoiced again, decision 039).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 enterprise, 1 personal */
    type: smallint('type').notNull(),
    /** 0 electronic, 1 paper */
    invoicetype: smallint('invoicetype').notNull(),
    /** the item options 0-3 (spec 1 §3) */
    item: smallint('item').notNull().default(0),
    title: varchar('title', { length: 100 }).notNull(),
    invoiceno: varchar('invoiceno', { length: 30 }).notNull().default(''),
    bankname: varchar('bankname', { length: 100 }).notNull().default(''),
    bankaccount: varchar('bankaccount', { length: 40 }).notNull().default(''),
    registeraddress: varchar('registeraddress', { length: 200 }).notNull().default(''),
    registertel: varchar('registertel', { length: 30 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    telphone: varchar('telphone', { length: 30 }).notNull().default(''),
    recipients: varchar('recipients', { length: 50 }).notNull().default(''),
    deliveryaddress: varchar('deliveryaddress', { length: 200 }).notNull().default(''),
    /** cents, the chosen orders' total */
    amount: integer('amount').notNull(),
    /** spec 1 §9: paper invoices ship free when VIP of two months or more was bought */
    freeShipping: boolean('free_shipping').notNull().default(false),
    state: smallint('state').notNull().default(0),
    /** the invoice's number once issued (decision 039) */
    number: varchar('number', { length: 20 }).notNull().default(''),
    /** the storage key of the issued invoice's PDF */
    pdfKey: varchar('pdf_key', { length: 200 }).notNull().default(''),
    /** why the operator refused it */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId),
    index('invoices_state_idx').on(t.state, t.id),
    uniqueIndex('invoices_number_key').on(t.number).where(sql`${t.number} <> ''`),
    check('invoices_state_check', sql`${t.state} in (0, 1, 2)`),
    check('invoices_type_check', sql`${t.type} in (0, 1)`),
    check('invoices_invoicetype_check', sql`${t.invoicetype} in (0, 1)`),
    check('invoices_item_check', sql`${t.item} between 0 and 3`),
  ],
);

/** The orders an invoice covers; an order is invoiced once (a refused invoice releases its orders). */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** the invoice was refused: the order may be invoiced again */
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoice_orders_order_key').on(t.orderId).where(sql`${t.released} = false`),
    index('invoice_orders_order_idx').on(t.orderId),
    index('invoice_orders_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * The payer's WeChat openid for the merchant's app (WeChat Pay JSAPI, decision 054): learnt through
 * WeChat's silent web OAuth (`snsapi_base`) inside WeChat's browser, one per account and app id (an
 * openid means nothing for another app); a new OAuth replaces it.
 */
export const wechatPayers = pgTable(
  'wechat_payers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appid: varchar('appid', { length: 64 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_payers_user_app_key').on(t.userId, t.appid)],
);

/**
 * The `state` of a WeChat OAuth round trip (decision 054): bound to the session that started it (CSRF),
 * kept as its SHA-256 only, single use, expiring after ten minutes.
 */
export const wechatOauthStates = pgTable(
  'wechat_oauth_states',
  {
    id: serial('id').primaryKey(),
    stateHash: varchar('state_hash', { length: 64 }).notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wechat_oauth_states_state_key').on(t.stateHash),
    index('wechat_oauth_states_session_idx').on(t.sessionId),
    index('wechat_oauth_states_user_idx').on(t.userId),
  ],
);
