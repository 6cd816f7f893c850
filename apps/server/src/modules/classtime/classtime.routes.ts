import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classTimeAnswer, classTimeListAnswer, courseIdInput } from '@paiclass/shared';
import { caller } from '../../platform/auth';
import * as service from './classtime.service';

/** Class times: begin and end a class in a course (the "in class" state of the course list). */
export async function classTimeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['class times'];
  app.post(
    '/Futurev2/AttendClass/classTimeStatus',
    { schema: { tags, body: courseIdInput, response: { 200: classTimeAnswer } } },
    (req) => service.classTimeStatus(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/Futurev2/AttendClass/beginClass',
    { schema: { tags, body: courseIdInput, response: { 200: classTimeAnswer } } },
    (req) => service.beginClass(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/Futurev2/AttendClass/overClass',
    { schema: { tags, body: courseIdInput, response: { 200: classTimeAnswer } } },
    (req) => service.overClass(ctx, caller(req), req.body.courseid),
  );
  app.post('/Classtime/getClassList', { schema: { tags, body: courseIdInput, response: { 200: classTimeListAnswer } } }, (req) =>
    service.listClassTimes(ctx, caller(req), req.body.courseid),
  );
}
