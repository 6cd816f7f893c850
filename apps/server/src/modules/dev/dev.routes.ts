import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoCourseAnswer, institutionImport, institutionImportAnswer, lastCodeAnswer, lastCodeInput } from '@paiclass/shared';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { fail } from '../../platform/errors';
import { setDemoCourse } from '../courses/demo.service';
import { importInstitution } from '../institutions/institutions.service';

/**
 * Development mode only (never registered in production): reads the outbox, so that a developer or
 * an automated journey can pass codes without a phone. `target` is a phone, an email or a picture code's sessionid.
 */
export async function devRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/DevApi/lastCode',
    { schema: { tags: ['development'], body: lastCodeInput, response: { 200: lastCodeAnswer } }, config: { auth: 'none' } },
    async (req) => {
      const target = req.body.target.trim();
      const [row] = await root.ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.target, target.includes('@') ? target.toLowerCase() : target))
        .orderBy(desc(outbox.id))
        .limit(1);
      if (!row) throw fail('notFound');
      return { target: row.target, code: row.code, type: row.purpose, createtime: Math.floor(row.createdAt.getTime() / 1000) };
    },
  );
  // what `npm run institution:import` does, for journeys against an embedded server that holds its database open
  app.post(
    '/DevApi/importInstitution',
    {
      schema: { tags: ['development'], body: institutionImport, response: { 200: institutionImportAnswer } },
      config: { auth: 'none' },
    },
    (req) => importInstitution(root.ctx.db, req.body),
  );
  // what `npm run course:demo` does
  app.post(
    '/DevApi/setDemoCourse',
    {
      schema: {
        tags: ['development'],
        body: z.object({ courseid: z.coerce.number().int().positive(), demo: z.coerce.number().int().min(0).max(1) }),
        response: { 200: demoCourseAnswer },
      },
      config: { auth: 'none' },
    },
    (req) => setDemoCourse(root.ctx.db, req.body.courseid, req.body.demo === 1),
  );
}
