import { z } from 'zod';
import { watchStatistics } from '../meetings/responses';
import { letterItem, questionItem } from '../speak/responses';

const int = z.number().int();

/** A live's state: 0 not started, 1 live now, 2 ended (issue 26; the course list's `liveState`). */
export const LIVE_STATES = { notStarted: 0, live: 1, ended: 2 } as const;

export const liveAnswer = z.object({
  id: int,
  courseid: int,
  /** 20 live, 21 recorded lesson */
  contenttype: int,
  title: z.string(),
  /** spec 2 §4: lives and recordings are fixed at state 3 */
  state: z.literal(3),
  liveState: int,
  /** epoch seconds, 0 none */
  starttime: int,
  endtime: int,
  courserole: int,
  statistics: watchStatistics.optional(),
  /** the HLS playlist while the live is on the air (relative to the server), '' otherwise */
  playUrl: z.string(),
  /** students who reported watching in the last minute and a half (watchLiveLog every 30 s) */
  viewers: int,
  /** the media server: running, or the Debian packages to install (issue 26) */
  ingest: z.object({
    running: z.boolean(),
    missing: z.array(z.string()),
    /** the teacher's browser can go live: nginx-rtmp runs and ffmpeg is installed (decision 036) */
    browser: z.boolean(),
  }),
  /** the recording (HLS, video on demand) once the live has ended and a segment was kept, '' otherwise */
  replayUrl: z.string(),
  /** seconds of the recording */
  duration: z.number(),
  /** the share link's token while the teacher shares the live (`/ShareLive?token=`), teachers only; '' off */
  shareToken: z.string(),
  /** the course's class in progress when it is given on this live (decision 040), 0 otherwise */
  classtimeid: int,
  /** how many classes were given on this live */
  classes: int,
  /** the topics raised during the live, oldest first (deleted ones left out) */
  topics: z.array(z.object({ id: int, title: z.string(), uid: int, username: z.string(), create_time: int })),
});

/** A bullet comment of the live placed on the recording's timeline (`at` seconds from its start). */
export const replayBarrageAnswer = z.object({
  list: z.array(
    z.object({
      id: int,
      courseid: int,
      classtimeid: int,
      uid: int,
      username: z.string(),
      content: z.string(),
      vip: z.union([z.literal(0), z.literal(1)]),
      create_time: int,
      /** seconds into the recording */
      at: z.number(),
    }),
  ),
});

/** What `/ShareLive` shows without login: the live and its stream or recording, nothing of the course's people. */
export const sharedLiveAnswer = z.object({
  id: int,
  contenttype: int,
  title: z.string(),
  coursename: z.string(),
  liveState: int,
  starttime: int,
  endtime: int,
  playUrl: z.string(),
  replayUrl: z.string(),
  duration: z.number(),
});

/** `/Live/LiveApi/getLivePushUrl`: what OBS (or any RTMP encoder) is given. */
export const livePushAnswer = z.object({
  /** the server, e.g. rtmp://host:1935/live */
  rtmp: z.string(),
  /** the signed stream key */
  stream: z.string(),
  /** both together, for encoders that take one address */
  pushUrl: z.string(),
  /** epoch seconds after which nginx-rtmp's `on_publish` refuses the key */
  expires: int,
});

export const watchLogAnswer = z.object({
  joinLive: int,
  visited: int,
  liveSeconds: int,
  replaySeconds: int,
});

export const watchLogListAnswer = z.object({
  list: z.array(watchLogAnswer.extend({ uid: int, username: z.string(), firsttime: int, lasttime: int })),
  statistics: watchStatistics,
});

export const rtmpCallbackAnswer = z.object({ id: int, liveState: int });

/**
 * `/onlineLive/speakHistory` (decision 040): the letters and the questions of the classes given on the
 * live, oldest first; the staff read everyone's, a student only their own (an anonymous question
 * without its asker, decision 024).
 */
export const liveSpeakHistoryAnswer = z.object({
  classtimes: z.array(int),
  letters: z.array(letterItem),
  questions: z.array(questionItem),
});
export type LiveSpeakHistory = z.infer<typeof liveSpeakHistoryAnswer>;

/**
 * The live page's events on the course's room (decision 040): a class begun on the live, a topic
 * raised during it. Each carries the live's id; the page reads `getLiveInfo` again.
 */
export const LIVE_EVENTS = { class: 'Live.class', topic: 'Live.topic' } as const;
