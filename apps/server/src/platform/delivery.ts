import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type Channel = 'sms' | 'email';

export interface Message {
  channel: Channel;
  target: string;
  purpose: string;
  subject: string;
  body: string;
  /** the code the message carries, kept in the development outbox so journeys can read it */
  code?: string;
  /** files sent with an email (an issued invoice's PDF); the development outbox does not keep them */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Sends codes and notices by email and SMS. */
export interface Delivery {
  supports(channel: Channel): boolean;
  send(message: Message): Promise<void>;
}

export interface Transport {
  send(message: Message): Promise<void>;
}

/** Development: nothing leaves the machine; every message is kept in the outbox table and logged. */
export class OutboxTransport implements Transport {
  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
  ) {}
  /** Keeps a code that is shown rather than sent (a picture code's text) for automated journeys. */
  async record(channel: string, target: string, purpose: string, code: string) {
    await this.db.insert(outbox).values({ channel, target, purpose, body: '', code });
  }
  async send(m: Message) {
    await this.db
      .insert(outbox)
      .values({ channel: m.channel, target: m.target, purpose: m.purpose, subject: m.subject, body: m.body, code: m.code ?? '' });
    // development mode only: the code is printed so a developer can log in without a phone
    this.log.info({ outbox: { channel: m.channel, target: m.target, purpose: m.purpose, code: m.code } }, 'outbox message');
  }
}

export class SmtpTransport implements Transport {
  private transporter?: Transporter;
  constructor(
    private url: string,
    private from: string,
  ) {}
  async send(m: Message) {
    // nodemailer is loaded on the first email, not at start-up
    this.transporter ??= (await import('nodemailer')).default.createTransport(this.url);
    await this.transporter.sendMail({
      from: this.from,
      to: m.target,
      subject: m.subject,
      text: m.body,
      attachments: m.attachments,
    });
  }
}

/**
 * SMS through any gateway that takes a JSON POST {to, text}: the provider interface for SMS, with
 * the one implementation that needs no vendor SDK.
 */
export class WebhookSmsTransport implements Transport {
  constructor(private url: string) {}
  async send(m: Message) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: m.target, text: m.body, purpose: m.purpose }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** Routes each channel to its transport; in development every message is also kept in the outbox. */
export class ChannelDelivery implements Delivery {
  constructor(
    private transports: Partial<Record<Channel, Transport>>,
    private devOutbox?: OutboxTransport,
  ) {}
  supports(channel: Channel) {
    return Boolean(this.transports[channel] ?? this.devOutbox);
  }
  async send(m: Message) {
    if (this.devOutbox) await this.devOutbox.send(m);
    await this.transports[m.channel]?.send(m);
  }
}
