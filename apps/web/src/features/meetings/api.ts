import { type CallInput, type MeetingAnswer, meetingsCalls } from '@paiclass/shared';
import { call } from '../../lib/api';

/** The meeting calls the pages make (issue 26), by name. */
export type Meeting = MeetingAnswer;

export const meetingKeys = {
  all: (courseId: number) => ['meetings', courseId] as const,
  list: (courseId: number) => ['meetings', courseId, 'list'] as const,
  detail: (courseId: number, id: number) => ['meetings', courseId, 'detail', id] as const,
};

export const meetingApi = {
  list: (courseid: number) => call(meetingsCalls.getMeetingList, { courseid, page: 1 }),
  detail: (courseid: number, id: number) => call(meetingsCalls.getMeetingDetail, { courseid, id }),
  add: (body: CallInput<typeof meetingsCalls.addMeeting>) => call(meetingsCalls.addMeeting, body),
  edit: (body: CallInput<typeof meetingsCalls.editMeeting>) => call(meetingsCalls.editMeeting, body),
  join: (courseid: number, id: number) => call(meetingsCalls.joinMeeting, { courseid, id }),
  addVideo: (courseid: number, id: number, title: string, url: string) =>
    call(meetingsCalls.addMeetingVideo, { courseid, id, title, url }),
  delVideo: (courseid: number, id: number, videoid: string) => call(meetingsCalls.delMeetingVideo, { courseid, id, videoid }),
  /** the built-in meeting (decision 041) */
  rooms: (courseid: number) => call(meetingsCalls.getMeetingRooms, { courseid }),
  ice: (courseid: number, room: number) => call(meetingsCalls.getMeetingIce, { courseid, room }),
  record: (courseid: number, page = 1) => call(meetingsCalls.getMeetingRecord, { courseid, room: 0, page }),
};

/** The built-in meeting's pages: the rooms of a course, and one room. */
export const roomsPath = (courseId: number, role: number) => `/conference/rooms?courseId=${courseId}&courseRole=${role}`;
export const roomPath = (courseId: number, role: number, room: number) =>
  `/conference/room?courseId=${courseId}&courseRole=${role}&room=${room}`;

export const meetingPath = (
  page: 'list' | 'detail' | 'edit' | 'new' | 'go' | 'videos',
  courseId: number,
  role: number,
  id?: number,
) => {
  const base = {
    list: '/conference',
    detail: '/conferenceDetailPage',
    edit: '/editConference',
    new: '/addActivity/conference',
    go: '/conference/go',
    videos: '/conference/videoList',
  }[page];
  return `${base}?courseId=${courseId}&courseRole=${role}${id ? `&id=${id}` : ''}`;
};

/** Epoch seconds as the phone shows them: 2026-11-28 14:00. */
export function meetingTime(seconds: number) {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
