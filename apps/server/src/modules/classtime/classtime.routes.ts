import {
  classTimeAnswer,
  classTimeListAnswer,
  courseIdInput,
  gotoPageInput,
  pptPageAnswer,
  presentationAnswer,
  presentInput,
  REMOTE_COMMANDS,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import type { SocketCaller } from '../../realtime/commands';
import * as service from './classtime.service';
import * as presenting from './presenting.service';

/**
 * Class times: begin and end a class in a course (the "in class" state of the course list), and the
 * courseware on the classroom screen during it, turned from the screen or the remote controller.
 */
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

  app.post(
    '/InteractWithScreenApi/listSlides',
    { schema: { tags, body: courseIdInput, response: { 200: presentationAnswer } } },
    (req) => presenting.currentPresentation(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/InteractWithScreenApi/present',
    { schema: { tags, body: presentInput, response: { 200: presentationAnswer } } },
    (req) => presenting.present(ctx, caller(req), req.body.courseid, req.body.interactid),
  );
  app.post(
    '/InteractWithScreenApi/gotoPage',
    { schema: { tags, body: gotoPageInput, response: { 200: pptPageAnswer } } },
    (req) => presenting.turnPage(ctx, caller(req), req.body.courseid, { to: req.body.pageindex }),
  );
  app.post(
    '/InteractWithScreenApi/stop',
    { schema: { tags, body: courseIdInput, response: { 200: presentationAnswer } } },
    (req) => presenting.stopPresenting(ctx, caller(req), req.body.courseid),
  );

  // the remote controller's commands (spec 2 §7), for the course its socket has open
  const turnOnSocket =
    (turn: (data: Record<string, unknown>) => presenting.Turn) =>
    (_ctx: AppContext, sc: SocketCaller, data: Record<string, unknown>) => {
      if (!sc.course) throw fail('notInClass');
      return presenting.turnPage(ctx, sc.user, sc.course.courseId, turn(data)).then(() => undefined);
    };
  root.socketCommands.set(
    REMOTE_COMMANDS.goto,
    turnOnSocket((data) => {
      const parsed = gotoPageInput.shape.pageindex.safeParse(data.pageindex ?? data.page);
      if (!parsed.success) throw badField('validation.pageIndex', ['pageindex']);
      return { to: parsed.data };
    }),
  );
  root.socketCommands.set(
    REMOTE_COMMANDS.next,
    turnOnSocket(() => ({ by: 1 })),
  );
  root.socketCommands.set(
    REMOTE_COMMANDS.previous,
    turnOnSocket(() => ({ by: -1 })),
  );
}
