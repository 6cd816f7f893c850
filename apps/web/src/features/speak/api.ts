import type {
  letterItem,
  letterListAnswer,
  muteAnswer,
  questionItem,
  questionListAnswer,
  speakConfigAnswer,
  timerState,
} from '@paiclass/shared';
import { speakCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

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
  countdown: (courseId: number) => ['speak', courseId, 'countdown'] as const,
  letters: (courseId: number) => ['speak', courseId, 'letters'] as const,
  questions: (courseId: number) => ['speak', courseId, 'questions'] as const,
};

/** Speaking, course questions and the class timer (docs/api.md "Speaking, questions and the class timer"). */
export const speakApi = {
  config: (courseid: number) => call(speakCalls.getUserConfig, { courseid }),
  send: (courseid: number, content: string) => call(speakCalls.sendLetter, { courseid, content }),
  letters: (courseid: number) => call(speakCalls.lists, { courseid }),
  mute: (courseid: number, mute: boolean, uid?: number) =>
    call(speakCalls.mute, { courseid, mute: mute ? 1 : 0, ...(uid ? { uid } : {}) }),
  ask: (courseid: number, content: string, anonymous: boolean) =>
    call(speakCalls.create, { courseid, content, anonymous: anonymous ? 1 : 0 }),
  questions: (courseid: number) => call(speakCalls.coursequestionsLists, { courseid, page: 1 }),
  reply: (courseid: number, id: number, content: string) => call(speakCalls.reply, { courseid, id, content }),
  setAnswered: (courseid: number, id: number, answered: boolean) =>
    call(speakCalls.setAnswered, { courseid, id, answered: answered ? 1 : 0 }),
  startTimer: (courseid: number, seconds: number) => call(speakCalls.startTimer, { courseid, seconds }),
  stopTimer: (courseid: number) => call(speakCalls.stopTimer, { courseid }),
  countdown: (courseid: number) => call(speakCalls.getIsSynchronousCountdown, { courseid }),
};
