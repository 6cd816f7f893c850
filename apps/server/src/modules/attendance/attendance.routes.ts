import { attendanceCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { deviceFor } from '../../platform/device';
import { handle } from '../../platform/handle';
import * as attendance from './attendance.service';
import * as checkins from './checkin.service';
import * as statistics from './statistics.service';

/**
 * Attendance (spec 2 §2 Attendance routes, §7 `/AttenceApi`, `/AttenceV2Api`; issue 13), with
 * Ketangpai's call names. The client address of a check-in is `request.ip`: the socket's, or a proxy's
 * `X-Forwarded-For` only when TRUST_PROXY is set.
 */
export async function attendanceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  // the teacher and assistants start attendance
  handle(app, attendanceCalls.addNowsAttence, (req) => attendance.startRollCall(ctx, caller(req), req.body));
  handle(app, attendanceCalls.addNowsAttance, (req) => attendance.startRollCall(ctx, caller(req), req.body));
  handle(app, attendanceCalls.addDigitAttence, (req) => attendance.startNumber(ctx, caller(req), req.body));
  handle(app, attendanceCalls.addGPSAttence, (req) => attendance.startGps(ctx, caller(req), req.body));
  handle(app, attendanceCalls.addAttence, (req) => attendance.startQr(ctx, caller(req), req.body));
  handle(app, attendanceCalls.addCheckinAttence, (req) => attendance.startCheckInOut(ctx, caller(req), req.body));
  // …and run it
  handle(app, attendanceCalls.overAttence, (req) => attendance.endAttendance(ctx, caller(req), req.body.id));
  handle(app, attendanceCalls.delAttence, (req) => attendance.deleteAttendance(ctx, caller(req), req.body.id));
  handle(app, attendanceCalls.renameAttence, (req) => attendance.renameAttendance(ctx, caller(req), req.body.id, req.body.title));
  handle(app, attendanceCalls.updateState, (req) => attendance.updateState(ctx, caller(req), req.body));
  handle(app, attendanceCalls.markAllPresent, (req) => attendance.markAllPresent(ctx, caller(req), req.body.id));
  handle(app, attendanceCalls.updateDigitAttenceCode, (req) =>
    attendance.updateDigitCode(ctx, caller(req), req.body.id, req.body.code),
  );
  handle(app, attendanceCalls.getDigitAttence, (req) => attendance.getDigitCode(ctx, caller(req), req.body.id));
  // the classroom screen asks every few seconds
  handle(app, attendanceCalls.getQrCode, (req) => attendance.getQrCode(ctx, caller(req), req.body.id));
  handle(app, attendanceCalls.getLocation, (req) => attendance.getLocation(ctx, caller(req), req.body.id));

  // students
  handle(app, attendanceCalls.getNotFinishAttenceStudent, (req) =>
    attendance.unfinishedAttendance(ctx, caller(req), req.body.courseid, req.body.all === 1),
  );
  // the device is the server's signed cookie (issue 24), set here when the request has none
  handle(app, attendanceCalls.checkin, (req, reply) =>
    checkins.checkin(ctx, caller(req), req.body, { address: req.ip, device: deviceFor(ctx.secret, req, reply) }),
  );
  handle(app, attendanceCalls.AttenceResult, (req, reply) =>
    checkins.scanQr(ctx, caller(req), req.body, { address: req.ip, device: deviceFor(ctx.secret, req, reply) }),
  );
  handle(app, attendanceCalls.getCheckInResult, (req) => attendance.checkInResult(ctx, caller(req), req.body.attenceid));

  // lists and statistics
  handle(app, attendanceCalls.getAttenceStudentLists, (req) => attendance.studentLists(ctx, caller(req), req.body));
  handle(app, attendanceCalls.getAttenceBuildingGps, (req) => attendance.buildingGps(ctx, caller(req), req.body.courseid));
  handle(app, attendanceCalls.attence, (req) => statistics.summary(ctx, caller(req), req.body));
  handle(app, attendanceCalls.getStudentStatistics, (req) =>
    statistics.studentStatistics(ctx, caller(req), req.body.courseid, req.body.studentid),
  );
  handle(app, attendanceCalls.getCourseStatistics, (req) => statistics.courseStatistics(ctx, caller(req), req.body.courseid));
  handle(app, attendanceCalls.getAdminClassStatistics, (req) =>
    statistics.adminClassStatistics(ctx, caller(req), req.body.courseid, req.body.classid),
  );
  // the workbook itself, not an envelope; refusals still come as the envelope
  handle(app, attendanceCalls.exportStatistics, async (req, reply) => {
    const file = await statistics.exportStatistics(ctx, caller(req), req.body.courseid);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="attendance.xlsx"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.data);
  });
}
