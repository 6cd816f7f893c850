import { z } from 'zod';

const int = z.number().int();

/**
 * A meeting's state (spec 2 §4): 0 waiting to start, 1 in progress, 2 has replay, 3 ended with no
 * replay. `state` follows the one normalisation rule: status 2 sets state 1.
 */
export const MEETING_STATUS = { waiting: 0, inProgress: 1, hasReplay: 2, ended: 3 } as const;

export const meetingVideoAnswer = z.object({ id: z.string(), title: z.string(), url: z.string(), createtime: int });

/** Who joined and who came afterwards (spec 2 §3 statistics); teachers and assistants only. */
export const watchStatistics = z.object({
  /** students who were there while it was on */
  joinLiveCount: int,
  /** students who did not join while it was on but came afterwards (a replay) */
  noJoinVisitCount: int,
  /** students who joined while it was on and came again afterwards */
  joinVisitCount: int,
  /** the course's students */
  fullcount: int,
});

export const meetingAnswer = z.object({
  id: int,
  courseid: int,
  contenttype: z.literal(22),
  title: z.string(),
  name: z.string(),
  description: z.string(),
  start_time: int,
  end_time: int,
  /** the application link; what `/conference/go` opens */
  link: z.string(),
  meeting_no: z.string(),
  /** the cover picture's file id, 0 for none: what `editMeeting` takes back to keep it */
  cover: int,
  /** the cover picture's absolute address, '' for none */
  cover_url: z.string(),
  /** a small copy of the cover (at most 360 px a side), '' for none */
  cover_thumb: z.string(),
  dirid: int,
  directory: z.object({ id: int, title: z.string() }).nullable(),
  status: int,
  state: int,
  videos: z.array(meetingVideoAnswer),
  createtime: int,
  /** 1 for the course's teachers and assistants */
  courserole: int,
  statistics: watchStatistics.optional(),
});
export type MeetingAnswer = z.infer<typeof meetingAnswer>;

export const meetingPageAnswer = z.object({ list: z.array(meetingAnswer), total: int, page: int, courserole: int });
export const conductMeetingAnswer = z.object({ is_meeting: int, list: z.array(meetingAnswer) });
export const meetingJoinAnswer = z.object({ link: z.string(), meeting_no: z.string(), status: int });
export const meetingDeletedAnswer = z.object({ id: int });

/** The built-in meeting's rooms (decision 041): who is in each now, and whether STUN/TURN runs. */
export const meetingRoomsAnswer = z.object({
  max: int,
  /** 1 for the course's teachers and assistants (they may read the record) */
  courserole: int,
  rooms: z.array(
    z.object({
      room: int,
      people: z.array(z.object({ peerid: int, userid: int, name: z.string(), avatar: z.string(), joined: int })),
    }),
  ),
  /** coturn: running, or the Debian packages to install, or why it did not start */
  turn: z.object({ running: z.boolean(), missing: z.array(z.string()), problem: z.string() }),
});
export type MeetingRoomsAnswer = z.infer<typeof meetingRoomsAnswer>;

/** RTCConfiguration.iceServers for a member of a room: STUN and TURN with a short-lived credential. */
export const meetingIceAnswer = z.object({
  iceServers: z.array(
    z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() }),
  ),
  /** seconds the credential stays valid */
  ttl: int,
  /** 1 when coturn runs and TURN is offered */
  turn: int,
});
export type MeetingIceAnswer = z.infer<typeof meetingIceAnswer>;

/** Who was in the rooms and for how long, newest first. */
export const meetingRecordAnswer = z.object({
  total: int,
  page: int,
  list: z.array(
    z.object({
      id: int,
      room: int,
      userid: int,
      name: z.string(),
      joined: int,
      /** epoch seconds; 0 while still there */
      left: int,
      seconds: int,
      here: int,
    }),
  ),
});
export type MeetingRecordAnswer = z.infer<typeof meetingRecordAnswer>;
