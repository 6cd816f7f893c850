import { call } from '../contract';
import { noInput } from '../wire';
import { noticePageAnswer, readAllNoticesAnswer, readNoticeAnswer } from './responses';
import { messageListInput, readItInput } from './schemas';

/** The notices calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const noticesCalls = {
  lists: call({ path: '/MessageApi/lists', area: 'notices', input: messageListInput, output: noticePageAnswer }),
  readIt: call({ path: '/MessageApi/readIt', area: 'notices', input: readItInput, output: readNoticeAnswer }),
  readAll: call({ path: '/MessageApi/readAll', area: 'notices', input: noInput, output: readAllNoticesAnswer }),
};
