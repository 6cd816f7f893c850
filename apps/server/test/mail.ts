import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the test's mail server received: its recipients and its raw text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A mail server of the test's own on 127.0.0.1 (no login, no TLS) that keeps every message it receives:
 * `url` is the app's SMTP_URL.
 */
export async function startMailServer() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
