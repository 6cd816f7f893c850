import { call, perMinute } from '../contract';
import {
  letterItem,
  letterListAnswer,
  muteAnswer,
  questionItem,
  questionListAnswer,
  speakConfigAnswer,
  synchronousCountdownAnswer,
  timerState,
} from './responses';
import {
  courseQuestionListInput,
  letterListInput,
  letterSendInput,
  muteInput,
  questionAnsweredInput,
  questionCreateInput,
  questionReplyInput,
  speakCourseInput,
  timerStartInput,
} from './schemas';

/** The speak calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const speakCalls = {
  getUserConfig: call({
    path: '/Futurev2/Speak/getUserConfig',
    area: 'speak',
    input: speakCourseInput,
    output: speakConfigAnswer,
  }),
  sendLetter: call({
    path: '/Futurev2/Speak/sendLetter',
    area: 'speak',
    input: letterSendInput,
    output: letterItem,
    limit: perMinute(60),
  }),
  lists: call({ path: '/Futurev2/Speak/lists', area: 'speak', input: letterListInput, output: letterListAnswer }),
  mute: call({ path: '/Futurev2/Speak/mute', area: 'speak', input: muteInput, output: muteAnswer }),
  create: call({
    path: '/Futurev2/CourseQuestions/create',
    area: 'speak',
    input: questionCreateInput,
    output: questionItem,
    limit: perMinute(60),
  }),
  coursequestionsLists: call({
    path: '/Futurev2/CourseQuestions/lists',
    area: 'speak',
    input: courseQuestionListInput,
    output: questionListAnswer,
  }),
  reply: call({ path: '/Futurev2/CourseQuestions/reply', area: 'speak', input: questionReplyInput, output: questionItem }),
  setAnswered: call({
    path: '/Futurev2/CourseQuestions/setAnswered',
    area: 'speak',
    input: questionAnsweredInput,
    output: questionItem,
  }),
  startTimer: call({ path: '/Futurev2/Tools/startTimer', area: 'speak', input: timerStartInput, output: timerState }),
  stopTimer: call({ path: '/Futurev2/Tools/stopTimer', area: 'speak', input: speakCourseInput, output: timerState }),
  getIsSynchronousCountdown: call({
    path: '/FutureV2/CourseMeans/getIsSynchronousCountdown',
    area: 'speak',
    input: speakCourseInput,
    output: synchronousCountdownAnswer,
  }),
};
