import { meetingsCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as meetings from './meetings.service';
import * as rooms from './rooms.service';

/** Third-party meetings (issue 26): create, edit, list, detail, go, replays, and the meetings in progress. */
export async function meetingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const c = meetingsCalls;
  handle(app, c.addMeeting, (req) => meetings.addMeeting(ctx, caller(req), req.body));
  handle(app, c.editMeeting, (req) => meetings.editMeeting(ctx, caller(req), req.body));
  handle(app, c.getMeetingList, (req) => meetings.listMeetings(ctx, caller(req), req.body.courseid, req.body.page));
  handle(app, c.getMeetingDetail, (req) => meetings.meetingDetail(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.joinMeeting, (req) => meetings.joinMeeting(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.getConductMeeting, (req) => meetings.conductMeetings(ctx, caller(req), req.body.courseid));
  handle(app, c.addMeetingVideo, (req) => meetings.addMeetingVideo(ctx, caller(req), req.body));
  handle(app, c.delMeetingVideo, (req) => meetings.deleteMeetingVideo(ctx, caller(req), req.body));
  // the built-in small meeting (decision 041); its signalling is on the classroom socket (realtime/meeting.ts)
  handle(app, c.getMeetingRooms, (req) => rooms.meetingRooms(ctx, caller(req), req.body.courseid));
  handle(app, c.getMeetingIce, (req) => rooms.meetingIce(ctx, caller(req), req.body.courseid, req.body.room, req.hostname ?? ''));
  handle(app, c.getMeetingRecord, (req) =>
    rooms.meetingRecord(ctx, caller(req), req.body.courseid, req.body.room || undefined, req.body.page),
  );
}
