import { classtimeCalls, gotoPageInput, REMOTE_COMMANDS } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
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
  handle(app, classtimeCalls.classTimeStatus, (req) => service.classTimeStatus(ctx, caller(req), req.body.courseid));
  handle(app, classtimeCalls.beginClass, (req) => service.beginClass(ctx, caller(req), req.body.courseid));
  handle(app, classtimeCalls.overClass, (req) => service.overClass(ctx, caller(req), req.body.courseid));
  handle(app, classtimeCalls.getClassList, (req) => service.listClassTimes(ctx, caller(req), req.body.courseid));

  handle(app, classtimeCalls.listSlides, (req) => presenting.currentPresentation(ctx, caller(req), req.body.courseid));
  handle(app, classtimeCalls.present, (req) => presenting.present(ctx, caller(req), req.body.courseid, req.body.interactid));
  handle(app, classtimeCalls.gotoPage, (req) =>
    presenting.turnPage(ctx, caller(req), req.body.courseid, { to: req.body.pageindex }),
  );
  handle(app, classtimeCalls.setPaging, (req) => presenting.setPaging(ctx, caller(req), req.body.courseid, req.body.ahead));
  handle(app, classtimeCalls.stop, (req) => presenting.stopPresenting(ctx, caller(req), req.body.courseid));

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
