import type {
  letterItem,
  letterListAnswer,
  muteAnswer,
  questionItem,
  questionListAnswer,
  speakConfigAnswer,
  timerState,
} from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type SpeakConfig = z.output<typeof speakConfigAnswer>;
export type Letter = z.output<typeof letterItem>;
export type LetterList = z.output<typeof letterListAnswer>;
export type MuteChange = z.output<typeof muteAnswer>;
export type Question = z.output<typeof questionItem>;
export type QuestionList = z.output<typeof questionListAnswer>;
export type Timer = z.output<typeof timerState>;

export const speakKeys = {
  all: (courseId: number) => ['speak', courseId] as const,
  config: (courseId: number) => ['speak', courseId, 'config'] as const,
  letters: (courseId: number) => ['speak', courseId, 'letters'] as const,
  questions: (courseId: number) => ['speak', courseId, 'questions'] as const,
};

/** Speaking, course questions and the class timer (docs/api.md "Speaking, questions and the class timer"). */
export const speakApi = {
  config: (courseid: number) => api<SpeakConfig>('/Futurev2/Speak/getUserConfig', { courseid }),
  send: (courseid: number, content: string) => api<Letter>('/Futurev2/Speak/sendLetter', { courseid, content }),
  letters: (courseid: number) => api<LetterList>('/Futurev2/Speak/lists', { courseid }),
  mute: (courseid: number, mute: boolean, uid?: number) =>
    api<MuteChange>('/Futurev2/Speak/mute', { courseid, mute: mute ? 1 : 0, ...(uid ? { uid } : {}) }),
  ask: (courseid: number, content: string, anonymous: boolean) =>
    api<Question>('/Futurev2/CourseQuestions/create', { courseid, content, anonymous: anonymous ? 1 : 0 }),
  questions: (courseid: number) => api<QuestionList>('/Futurev2/CourseQuestions/lists', { courseid, page: 1 }),
  reply: (courseid: number, id: number, content: string) =>
    api<Question>('/Futurev2/CourseQuestions/reply', { courseid, id, content }),
  setAnswered: (courseid: number, id: number, answered: boolean) =>
    api<Question>('/Futurev2/CourseQuestions/setAnswered', { courseid, id, answered: answered ? 1 : 0 }),
  startTimer: (courseid: number, seconds: number) => api<Timer>('/Futurev2/Tools/startTimer', { courseid, seconds }),
  stopTimer: (courseid: number) => api<Timer>('/Futurev2/Tools/stopTimer', { courseid }),
};
