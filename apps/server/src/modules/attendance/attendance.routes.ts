import {
  adminClassStatisticsAnswer,
  adminClassStatisticsInput,
  attendanceIdAnswer,
  attendanceRecord,
  attendanceRef,
  attendanceResultRef,
  attendanceStaffAnswer,
  attendanceStartInput,
  attendanceStatisticsInput,
  attendanceStudentListAnswer,
  attendanceStudentListInput,
  attendanceSummaryAnswer,
  attendanceSummaryInput,
  buildingGpsAnswer,
  buildingGpsInput,
  checkInOutAttendanceInput,
  checkInResultAnswer,
  checkinAnswer,
  checkinInput,
  courseIdInput,
  courseStatisticsAnswer,
  digitAttendanceInput,
  digitCodeAnswer,
  digitCodeUpdateAnswer,
  digitCodeUpdateInput,
  gpsAttendanceInput,
  locationAnswer,
  qrResultInput,
  qrTicketAnswer,
  renameAttendanceInput,
  studentStatisticsAnswer,
  unfinishedAttendanceAnswer,
  unfinishedAttendanceInput,
  updateStateInput,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
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
  const tags = ['attendance'];
  const start = { 200: attendanceStaffAnswer };
  const writeLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  // the teacher and assistants start attendance
  app.post(
    '/AttenceApi/addNowsAttence',
    { schema: { tags, body: attendanceStartInput, response: start }, config: writeLimit },
    (req) => attendance.startRollCall(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceApi/addDigitAttence',
    { schema: { tags, body: digitAttendanceInput, response: start }, config: writeLimit },
    (req) => attendance.startNumber(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceApi/addGPSAttence',
    { schema: { tags, body: gpsAttendanceInput, response: start }, config: writeLimit },
    (req) => attendance.startGps(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceApi/addAttence',
    { schema: { tags, body: attendanceStartInput, response: start }, config: writeLimit },
    (req) => attendance.startQr(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceApi/addCheckinAttence',
    { schema: { tags, body: checkInOutAttendanceInput, response: start }, config: writeLimit },
    (req) => attendance.startCheckInOut(ctx, caller(req), req.body),
  );
  // …and run it
  app.post('/AttenceApi/overAttence', { schema: { tags, body: attendanceRef, response: start } }, (req) =>
    attendance.endAttendance(ctx, caller(req), req.body.id),
  );
  app.post('/AttenceApi/delAttence', { schema: { tags, body: attendanceRef, response: { 200: attendanceIdAnswer } } }, (req) =>
    attendance.deleteAttendance(ctx, caller(req), req.body.id),
  );
  app.post('/AttenceApi/renameAttence', { schema: { tags, body: renameAttendanceInput, response: start } }, (req) =>
    attendance.renameAttendance(ctx, caller(req), req.body.id, req.body.title),
  );
  app.post('/AttenceApi/updateState', { schema: { tags, body: updateStateInput, response: { 200: attendanceRecord } } }, (req) =>
    attendance.updateState(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceApi/updateDigitAttenceCode',
    { schema: { tags, body: digitCodeUpdateInput, response: { 200: digitCodeUpdateAnswer } } },
    (req) => attendance.updateDigitCode(ctx, caller(req), req.body.id, req.body.code),
  );
  app.post('/AttenceApi/getDigitAttence', { schema: { tags, body: attendanceRef, response: { 200: digitCodeAnswer } } }, (req) =>
    attendance.getDigitCode(ctx, caller(req), req.body.id),
  );
  // the classroom screen asks every few seconds
  app.post(
    '/AttenceApi/getQrCode',
    {
      schema: { tags, body: attendanceRef, response: { 200: qrTicketAnswer } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    (req) => attendance.getQrCode(ctx, caller(req), req.body.id),
  );
  app.post('/AttenceApi/getLocation', { schema: { tags, body: attendanceRef, response: { 200: locationAnswer } } }, (req) =>
    attendance.getLocation(ctx, caller(req), req.body.id),
  );

  // students
  app.post(
    '/AttenceApi/getNotFinishAttenceStudent',
    { schema: { tags, body: unfinishedAttendanceInput, response: { 200: unfinishedAttendanceAnswer } } },
    (req) => attendance.unfinishedAttendance(ctx, caller(req), req.body.courseid),
  );
  app.post('/AttenceApi/checkin', { schema: { tags, body: checkinInput, response: { 200: checkinAnswer } } }, (req) =>
    checkins.checkin(ctx, caller(req), req.body, req.ip),
  );
  app.post('/AttenceApi/AttenceResult', { schema: { tags, body: qrResultInput, response: { 200: checkinAnswer } } }, (req) =>
    checkins.scanQr(ctx, caller(req), req.body, req.ip),
  );
  app.post(
    '/AttenceApi/getCheckInResult',
    { schema: { tags, body: attendanceResultRef, response: { 200: checkInResultAnswer } } },
    (req) => attendance.checkInResult(ctx, caller(req), req.body.attenceid),
  );

  // lists and statistics
  app.post(
    '/AttenceV2Api/getAttenceStudentLists',
    { schema: { tags, body: attendanceStudentListInput, response: { 200: attendanceStudentListAnswer } } },
    (req) => attendance.studentLists(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceV2Api/getAttenceBuildingGps',
    { schema: { tags, body: buildingGpsInput, response: { 200: buildingGpsAnswer } } },
    (req) => attendance.buildingGps(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/SummaryApi/attence',
    { schema: { tags, body: attendanceSummaryInput, response: { 200: attendanceSummaryAnswer } } },
    (req) => statistics.summary(ctx, caller(req), req.body),
  );
  app.post(
    '/AttenceApi/getStudentStatistics',
    { schema: { tags, body: attendanceStatisticsInput, response: { 200: studentStatisticsAnswer } } },
    (req) => statistics.studentStatistics(ctx, caller(req), req.body.courseid, req.body.studentid),
  );
  app.post(
    '/AttenceApi/getCourseStatistics',
    { schema: { tags, body: courseIdInput, response: { 200: courseStatisticsAnswer } } },
    (req) => statistics.courseStatistics(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/AttenceApi/getAdminClassStatistics',
    { schema: { tags, body: adminClassStatisticsInput, response: { 200: adminClassStatisticsAnswer } } },
    (req) => statistics.adminClassStatistics(ctx, caller(req), req.body.courseid, req.body.classid),
  );
  // the workbook itself, not an envelope; refusals still come as the envelope
  app.post(
    '/AttenceApi/exportStatistics',
    { schema: { tags, body: courseIdInput }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const file = await statistics.exportStatistics(ctx, caller(req), req.body.courseid);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="attendance.xlsx"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .send(file.data);
    },
  );
}
