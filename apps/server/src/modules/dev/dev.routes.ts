import { devCalls } from '@paiclass/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outbox } from '../../db/schema';
import { fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
import { runDueJobs } from './dev.jobs';

/**
 * Whether a socket address is this machine: 127.0.0.0/8, ::1, or either written as IPv4-mapped IPv6.
 * The socket's own address, never X-Forwarded-For: a header is whatever the caller writes.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Development mode only (never registered in production), and only for requests from this machine:
 * `lastCode` reads the outbox, so that a developer or an automated journey can pass codes without a
 * phone (`target` is a phone, an email or a picture code's sessionid); `runDueJobs` runs background jobs
 * now instead of waiting for their time (decision 017). Neither makes anything the product could not
 * reach by itself with time: operators change data with the commands (`npm run institution:import`,
 * `npm run course:demo`), not over HTTP.
 */
export async function devRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // anyone else gets the answer of a path that does not exist
  app.addHook('onRequest', async (req, reply) => {
    if (!isLoopback(req.socket.remoteAddress)) return reply.callNotFound();
  });
  handle(app, devCalls.lastCode, async (req) => {
    const target = req.body.target.trim();
    const [row] = await root.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.target, target.includes('@') ? target.toLowerCase() : target))
      .orderBy(desc(outbox.id))
      .limit(1);
    if (!row) throw fail('notFound');
    return { target: row.target, code: row.code, type: row.purpose, createtime: Math.floor(row.createdAt.getTime() / 1000) };
  });
  handle(app, devCalls.runDueJobs, async (req) => runDueJobs(root.ctx, req.body));
}
