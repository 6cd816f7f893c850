import { type CallOutput, CONTENT_TYPES, contentCalls, liveCalls } from '@paiclass/shared';
import { call } from '../../lib/api';

/** The live calls the pages make (issue 26, decisions 031, 034, 036), by name. */
export type LiveInfo = CallOutput<typeof liveCalls.getLiveInfo>;
export type LivePush = CallOutput<typeof liveCalls.getLivePushUrl>;
export type ReplayComment = CallOutput<typeof liveCalls.getReplayBarrage>['list'][number];
export type SharedLive = CallOutput<typeof liveCalls.getSharedLive>;
export type LiveSpeakHistory = CallOutput<typeof liveCalls.getLiveSpeakHistory>;

export const liveKeys = {
  all: (courseId: number) => ['live', courseId] as const,
  list: (courseId: number) => ['live', courseId, 'list'] as const,
  info: (courseId: number, id: number) => ['live', courseId, 'info', id] as const,
  replayBarrage: (courseId: number, id: number) => ['live', courseId, 'replay-barrage', id] as const,
  shared: (token: string) => ['live', 'shared', token] as const,
  speakHistory: (courseId: number, id: number) => ['live', courseId, 'speak-history', id] as const,
};

export const liveApi = {
  /** the course's lives and recorded lessons (types 20 and 21), the latest first */
  list: (courseid: number) =>
    call(contentCalls.getCourseContent, {
      courseid,
      contenttype: [CONTENT_TYPES.live, CONTENT_TYPES.recorded],
      page: 1,
      limit: 100,
    }),
  add: (courseid: number, title: string) => call(liveCalls.addLive, { courseid, title }),
  info: (courseid: number, id: number) => call(liveCalls.getLiveInfo, { courseid, id }),
  pushUrl: (courseid: number, id: number) => call(liveCalls.getLivePushUrl, { courseid, id }),
  end: (courseid: number, id: number) => call(liveCalls.endLive, { courseid, id }),
  replayBarrage: (courseid: number, id: number) => call(liveCalls.getReplayBarrage, { courseid, id }),
  share: (courseid: number, id: number, share: boolean) => call(liveCalls.setLiveShare, { courseid, id, share: share ? 1 : 0 }),
  shared: (token: string) => call(liveCalls.getSharedLive, { token }),
  /** the class on the stream (decision 040): the course's class begins (or is kept) on this live */
  beginClass: (courseid: number, id: number) => call(liveCalls.beginLiveClass, { courseid, id }),
  addTopic: (courseid: number, id: number, title: string, content: string) =>
    call(liveCalls.addLiveTopic, { courseid, id, title, content }),
  speakHistory: (courseid: number, id: number) => call(liveCalls.getLiveSpeakHistory, { courseid, id }),
  /** a student watching: 0 seconds on joining, then the seconds since the last report */
  watched: (courseid: number, id: number, seconds: number) => call(liveCalls.watchLiveLog, { courseid, id, seconds }),
};

export const livePath = (courseId: number, role: number, id?: number) =>
  `/onlineLive?courseId=${courseId}&courseRole=${role}${id ? `&id=${id}` : ''}`;

/** The live's class pages (spec 2 §2 /onlineLive/*; decision 040), each carrying the live's id. */
export const liveClassPaths = {
  /** the teacher asks (with `interactid`, one interactive answer's steps); a student finds the open questions */
  question: (courseId: number, role: number, id: number, interactid?: number) =>
    `/onlineLive/question?courseId=${courseId}&courseRole=${role}&id=${id}${interactid ? `&interactid=${interactid}` : ''}`,
  /** a student answers one step (of interactive answer `interactid`); the staff watch its sheet */
  answerSheet: (courseId: number, role: number, id: number, stepid: number, interactid: number) =>
    `/onlineLive/question/answerSheet?courseId=${courseId}&courseRole=${role}&id=${id}&stepid=${stepid}&interactid=${interactid}`,
  addTopic: (courseId: number, role: number, id: number) =>
    `/onlineLive/addTopic?courseId=${courseId}&courseRole=${role}&id=${id}`,
  speakHistory: (courseId: number, role: number, id: number) =>
    `/onlineLive/speakHistory?courseId=${courseId}&courseRole=${role}&id=${id}`,
};

export const shareLivePath = (token: string) => `/ShareLive?token=${encodeURIComponent(token)}`;

/** How often a playing student reports (the server counts a viewer for 90 s after a report). */
export const WATCH_REPORT_MS = 30_000;
