import { call, perMinute } from '../contract';
import {
  conductMeetingAnswer,
  meetingAnswer,
  meetingIceAnswer,
  meetingJoinAnswer,
  meetingPageAnswer,
  meetingRecordAnswer,
  meetingRoomsAnswer,
} from './responses';
import {
  conductMeetingInput,
  meetingCreateInput,
  meetingEditInput,
  meetingListInput,
  meetingRecordInput,
  meetingRef,
  meetingRoomInput,
  meetingRoomsInput,
  meetingVideoInput,
  meetingVideoRef,
} from './schemas';

const write = perMinute(60, { per: 'user' });

/**
 * The meeting calls (decision 026, issue 26): third-party meetings as course content (type 22).
 * Spec 2 §7 names `getConductMeeting`; the others follow its `/Futurev2/TencentMeeting/` style.
 * Teachers and assistants write; the course's members read.
 */
export const meetingsCalls = {
  addMeeting: call({
    path: '/Futurev2/TencentMeeting/addMeeting',
    area: 'meetings',
    input: meetingCreateInput,
    output: meetingAnswer,
    limit: write,
  }),
  editMeeting: call({
    path: '/Futurev2/TencentMeeting/editMeeting',
    area: 'meetings',
    input: meetingEditInput,
    output: meetingAnswer,
    limit: write,
  }),
  getMeetingList: call({
    path: '/Futurev2/TencentMeeting/getMeetingList',
    area: 'meetings',
    input: meetingListInput,
    output: meetingPageAnswer,
  }),
  getMeetingDetail: call({
    path: '/Futurev2/TencentMeeting/getMeetingDetail',
    area: 'meetings',
    input: meetingRef,
    output: meetingAnswer,
  }),
  joinMeeting: call({
    path: '/Futurev2/TencentMeeting/joinMeeting',
    area: 'meetings',
    input: meetingRef,
    output: meetingJoinAnswer,
  }),
  getConductMeeting: call({
    path: '/Futurev2/TencentMeeting/getConductMeeting',
    area: 'meetings',
    input: conductMeetingInput,
    output: conductMeetingAnswer,
  }),
  addMeetingVideo: call({
    path: '/Futurev2/TencentMeeting/addMeetingVideo',
    area: 'meetings',
    input: meetingVideoInput,
    output: meetingAnswer,
    limit: write,
  }),
  delMeetingVideo: call({
    path: '/Futurev2/TencentMeeting/delMeetingVideo',
    area: 'meetings',
    input: meetingVideoRef,
    output: meetingAnswer,
    limit: write,
  }),
  /** the built-in meeting's rooms of a course and who is in each (decision 041); the course's members */
  getMeetingRooms: call({
    path: '/Futurev2/Meeting/getMeetingRooms',
    area: 'meetings',
    input: meetingRoomsInput,
    output: meetingRoomsAnswer,
  }),
  /** STUN/TURN for a room's members only, with a TURN REST API credential valid 2 hours */
  getMeetingIce: call({
    path: '/Futurev2/Meeting/getMeetingIce',
    area: 'meetings',
    input: meetingRoomInput,
    output: meetingIceAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  /** who was in the rooms and for how long; teachers and assistants */
  getMeetingRecord: call({
    path: '/Futurev2/Meeting/getMeetingRecord',
    area: 'meetings',
    input: meetingRecordInput,
    output: meetingRecordAnswer,
  }),
};
