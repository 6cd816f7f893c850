import { call, perMinute } from '../contract';
import { noInput } from '../wire';
import {
  chatCourseListAnswer,
  chatDeleteSessionAnswer,
  chatFriendListAnswer,
  chatHistoryAnswer,
  chatMuteAnswer,
  chatOpenAnswer,
  chatRulesAnswer,
  chatSearchAnswer,
  chatSessionListAnswer,
  chatTeamAnswer,
  imTokenAnswer,
} from './responses';
import {
  chatCourseInput,
  chatForbidInput,
  chatFriendListInput,
  chatGroupInput,
  chatHistoryInput,
  chatMuteInput,
  chatOpenInput,
  chatSearchInput,
  chatShieldInput,
} from './schemas';

/**
 * The chat calls (decision 026, issue 27): each declared once. Messages are sent and delivered on the
 * chat socket (`/ws/chat`, apps/server/src/realtime/chat.gateway.ts); these calls read and manage.
 */
export const chatCalls = {
  getIMToken: call({
    path: '/userApi/getIMToken',
    area: 'chat',
    input: noInput,
    output: imTokenAnswer,
    limit: perMinute(30, { per: 'user' }),
  }),
  teachTeam: call({ path: '/LetterApi/teachTeam', area: 'chat', input: chatCourseInput, output: chatTeamAnswer }),
  courseList: call({ path: '/LetterApi/courseList', area: 'chat', input: noInput, output: chatCourseListAnswer }),
  friendList: call({ path: '/LetterApi/friendList', area: 'chat', input: chatFriendListInput, output: chatFriendListAnswer }),
  createGroup: call({ path: '/LetterApi/createGroup', area: 'chat', input: chatCourseInput, output: chatOpenAnswer }),
  getMsgList: call({ path: '/LetterApi/getMsgList', area: 'chat', input: noInput, output: chatSessionListAnswer }),
  open: call({
    path: '/LetterApi/open',
    area: 'chat',
    input: chatOpenInput,
    output: chatOpenAnswer,
    limit: perMinute(60, { per: 'user' }),
  }),
  history: call({ path: '/LetterApi/history', area: 'chat', input: chatHistoryInput, output: chatHistoryAnswer }),
  deleteSession: call({
    path: '/Instantmessaging/OperateApi/deleteSession',
    area: 'chat',
    input: chatGroupInput,
    output: chatDeleteSessionAnswer,
  }),
  shieldFriend: call({
    path: '/Instantmessaging/OperateApi/shieldFriend',
    area: 'chat',
    input: chatShieldInput,
    output: chatMuteAnswer,
  }),
  mute: call({ path: '/Instantmessaging/OperateApi/mute', area: 'chat', input: chatMuteInput, output: chatMuteAnswer }),
  /** the teacher forbids or allows chat in a course, one student or all (spec 2 §6) */
  forbidChat: call({
    path: '/LetterApi/forbidChat',
    area: 'chat',
    input: chatForbidInput,
    output: chatRulesAnswer,
    limit: perMinute(120, { per: 'user' }),
  }),
  /** whether the caller may send in a group's course chat now, and (for the staff) who is forbidden */
  chatRules: call({ path: '/LetterApi/chatRules', area: 'chat', input: chatGroupInput, output: chatRulesAnswer }),
  /** the caller's messages holding a keyword, in the chats they may read now (ours, issue 27) */
  searchMessage: call({
    path: '/LetterApi/searchMessage',
    area: 'chat',
    input: chatSearchInput,
    output: chatSearchAnswer,
    limit: perMinute(60, { per: 'user' }),
  }),
};
