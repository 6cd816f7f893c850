import { call, perMinute } from '../contract';
import {
  liveAnswer,
  livePushAnswer,
  liveSpeakHistoryAnswer,
  replayBarrageAnswer,
  rtmpCallbackAnswer,
  sharedLiveAnswer,
  watchLogAnswer,
  watchLogListAnswer,
} from './responses';
import {
  liveCreateInput,
  liveRef,
  liveShareInput,
  liveTopicInput,
  rtmpCallbackInput,
  sharedLiveInput,
  watchLiveLogInput,
} from './schemas';

/**
 * The live calls (decision 026, issue 26; decision 031). Spec 2 §7 names `getLivePushUrl` and
 * `watchLiveLog`; `onPublish`/`onPublishUpdate`/`onPublishDone` are nginx-rtmp's server callbacks,
 * answered with a 2xx to allow and a 403 to refuse (which drops the encoder), guarded by the hook token
 * and the signed stream key.
 */
export const liveCalls = {
  addLive: call({
    path: '/Live/LiveApi/addLive',
    area: 'live',
    input: liveCreateInput,
    output: liveAnswer,
    limit: perMinute(60, { per: 'user' }),
  }),
  getLiveInfo: call({ path: '/Live/LiveApi/getLiveInfo', area: 'live', input: liveRef, output: liveAnswer }),
  getLivePushUrl: call({
    path: '/Live/LiveApi/getLivePushUrl',
    area: 'live',
    input: liveRef,
    output: livePushAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  watchLiveLog: call({
    path: '/Live/LiveApi/watchLiveLog',
    area: 'live',
    input: watchLiveLogInput,
    output: watchLogAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  getWatchLog: call({ path: '/Live/LiveApi/getWatchLog', area: 'live', input: liveRef, output: watchLogListAnswer }),
  /** the teacher ends the live: off the air at once, the browser push closed, the recording kept (decision 036) */
  endLive: call({
    path: '/Live/LiveApi/endLive',
    area: 'live',
    input: liveRef,
    output: liveAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  /** the live's bullet comments on the recording's timeline, for the replay */
  getReplayBarrage: call({
    path: '/Live/LiveApi/getReplayBarrage',
    area: 'live',
    input: liveRef,
    output: replayBarrageAnswer,
  }),
  /** the teacher switches the share link (`/ShareLive`) on or off; off, the link is refused */
  setLiveShare: call({
    path: '/Live/LiveApi/setLiveShare',
    area: 'live',
    input: liveShareInput,
    output: liveAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  /** `/ShareLive` (spec 1 §2, no login): the shared live, read-only */
  getSharedLive: call({
    path: '/Live/LiveApi/getSharedLive',
    area: 'live',
    input: sharedLiveInput,
    output: sharedLiveAnswer,
    access: 'anyone',
    limit: perMinute(60),
  }),
  /**
   * The class on the stream (decision 040): the course's class begins (or the class in progress is
   * kept) and is given on this live, so the classroom's questions, speaking, muting and attendance
   * work on the live page. Teachers and assistants.
   */
  beginLiveClass: call({
    path: '/Live/LiveApi/beginClass',
    area: 'live',
    input: liveRef,
    output: liveAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  /** `/onlineLive/addTopic`: a topic (content type 5) raised during the live, announced on the live page */
  addLiveTopic: call({
    path: '/Live/LiveApi/addTopic',
    area: 'live',
    input: liveTopicInput,
    output: liveAnswer,
    limit: perMinute(20, { per: 'user' }),
  }),
  /** `/onlineLive/speakHistory`: the letters and questions of the classes given on the live */
  getLiveSpeakHistory: call({
    path: '/Live/LiveApi/speakHistory',
    area: 'live',
    input: liveRef,
    output: liveSpeakHistoryAnswer,
  }),
  onPublish: call({
    path: '/Live/LiveApi/onPublish',
    area: 'live',
    input: rtmpCallbackInput,
    output: rtmpCallbackAnswer,
    access: 'anyone',
    limit: perMinute(120),
  }),
  /** every 10 s while an encoder publishes: refused once the teacher has ended the live, which drops it */
  onPublishUpdate: call({
    path: '/Live/LiveApi/onPublishUpdate',
    area: 'live',
    input: rtmpCallbackInput,
    output: rtmpCallbackAnswer,
    access: 'anyone',
    // nginx asks for every encoder from its one address: room for 500 at once
    limit: perMinute(3000),
  }),
  onPublishDone: call({
    path: '/Live/LiveApi/onPublishDone',
    area: 'live',
    input: rtmpCallbackInput,
    output: rtmpCallbackAnswer,
    access: 'anyone',
    limit: perMinute(120),
  }),
};
