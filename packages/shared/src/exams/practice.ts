import { z } from 'zod';
import { INT_MAX } from '../wire';
import {
  POINT_TEXT_MAX,
  POINTS_MAX,
  PRACTICE_QUESTIONS_DEFAULT,
  PRACTICE_QUESTIONS_MAX,
  PRACTICE_QUESTIONS_MIN,
} from './constants';
import { answerValue } from './schemas';

/**
 * Practice on knowledge points and pass-through practice (issue 14, spec 2 §2 Tests routes
 * `promoteKnowlegePoints`, `knowledgePractice`, spec 2 §4 pass-through states; decision 017 "Practice
 * on knowledge points and pass-through"): calls, answers and constants, in Ketangpai's wire style.
 */

export const practiceMessages = {
  zh: {
    'validation.practicePoints': '请选择 1 到 10 个知识点',
    'validation.practiceCount': `题数须是 ${PRACTICE_QUESTIONS_MIN} 到 ${PRACTICE_QUESTIONS_MAX}`,
    'validation.practiceId': '请选择练习',
    'validation.passLevel': '请选择关卡',
    'validation.practiceQuestion': '这道题不在这次练习里',
    'errors.practiceNoQuestions': '题库里还没有这些知识点的客观题可以练习',
    'errors.practiceFinished': '练习已完成，不能再作答',
    'errors.passLevelLocked': '请先通过上一关',
    'errors.practiceKeyHidden': '这道题正在测试或课堂互动中使用，答案公布后才能练习',
  },
  en: {
    'validation.practicePoints': 'Choose 1 to 10 knowledge points',
    'validation.practiceCount': `The number of questions is ${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX}`,
    'validation.practiceId': 'Choose a practice',
    'validation.passLevel': 'Choose a level',
    'validation.practiceQuestion': 'This question is not in this practice',
    'errors.practiceNoQuestions': 'The question bank has no objective question on these knowledge points to practise yet',
    'errors.practiceFinished': 'The practice is finished: no more answers',
    'errors.passLevelLocked': 'Pass the level before this one first',
    'errors.practiceKeyHidden': 'This question is in use in a test or a live question: practise it once its answer is shown',
  },
} as const;

const isNone = (v: unknown) => v === undefined || v === null || v === '';
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.invalid' });
const practiceId = z.coerce
  .number({ message: 'validation.practiceId' })
  .int({ message: 'validation.practiceId' })
  .positive({ message: 'validation.practiceId' })
  .max(INT_MAX, { message: 'validation.practiceId' });

/** Knowledge points as a list, JSON text or "a,b" (also the Chinese comma); 1-10 distinct. */
const practicePoints = z.preprocess(
  (v) => {
    if (isNone(v)) return [];
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return typeof v === 'string' ? v.split(/[,，]/).filter((s) => s.trim() !== '') : Array.isArray(v) ? v : [v];
  },
  z
    .array(
      z
        .string({ message: 'validation.practicePoints' })
        .trim()
        .min(1, { message: 'validation.practicePoints' })
        .max(POINT_TEXT_MAX, { message: 'validation.practicePoints' }),
      { message: 'validation.practicePoints' },
    )
    .max(POINTS_MAX, { message: 'validation.practicePoints' }),
);

/**
 * `/TestpaperApi/startPractice`: a practice on knowledge points (`points`, `count` questions), or a
 * pass-through level (`level` 1-based, from `passThroughLevels`). Either one: a level wins when both.
 * An unfinished practice on the same points (or level) is resumed, not doubled.
 */
export const startPracticeInput = z.object({
  courseid,
  points: practicePoints,
  count: z.preprocess(
    (v) => (isNone(v) ? PRACTICE_QUESTIONS_DEFAULT : v),
    z.coerce
      .number({ message: 'validation.practiceCount' })
      .int({ message: 'validation.practiceCount' })
      .min(PRACTICE_QUESTIONS_MIN, { message: 'validation.practiceCount' })
      .max(PRACTICE_QUESTIONS_MAX, { message: 'validation.practiceCount' }),
  ),
  /** a pass-through level, 0 none */
  level: z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce
      .number({ message: 'validation.passLevel' })
      .int({ message: 'validation.passLevel' })
      .min(0, { message: 'validation.passLevel' })
      .max(1000, { message: 'validation.passLevel' }),
  ),
});
export type StartPracticeInput = z.infer<typeof startPracticeInput>;

/** `/TestpaperApi/practiceDetail`: one of the caller's practices. */
export const practiceRef = z.object({ courseid, id: practiceId });

/** `/TestpaperApi/answerPractice`: the answer to one question of the practice; the first answer stands. */
export const answerPracticeInput = practiceRef.extend({
  subjectid: z.coerce
    .number({ message: 'validation.subjectId' })
    .int({ message: 'validation.subjectId' })
    .positive({ message: 'validation.subjectId' })
    .max(INT_MAX, { message: 'validation.subjectId' }),
  answer: answerValue,
});
export type AnswerPracticeInput = z.infer<typeof answerPracticeInput>;

// ---------------------------------------------------------------------------------------------
// answers

const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
const option = z.object({ id: z.string(), title: z.string() });
const myAnswer = z.union([z.string(), z.number(), z.array(z.string()), z.array(z.number()), z.null()]);

/**
 * A question of a practice. `answer`, `blanksanswer` and `analysis` are empty and `correct` -1 until
 * the student has answered it: no key before the answer.
 */
export const practiceItemAnswer = z.object({
  /** the bank question's id (`subjectid` of `answerPractice`) */
  subjectid: int,
  sort: int,
  type: z.string(),
  typeid: int,
  title: z.string(),
  optionList: z.array(option),
  blanks: int,
  points: z.array(z.string()),
  answered: flag,
  myanswer: myAnswer,
  /** -1 not answered, 0 wrong, 1 right, 2 partly right */
  correct: int,
  answer: z.string(),
  blanksanswer: z.array(z.array(z.string())),
  analysis: z.string(),
});

const pointCount = z.object({ point: z.string(), total: int, answered: int, correct: int });

/** A practice with its questions, its progress and (per knowledge point) its results so far. */
export const practiceAnswer = z.object({
  id: int,
  courseid: int,
  /** 1 on knowledge points, 2 a pass-through level */
  kind: int,
  /** the pass-through level (1-based) it was started as, 0 none */
  level: int,
  points: z.array(z.string()),
  /** 0 in progress, 1 finished (every question answered) */
  status: int,
  total: int,
  answered: int,
  correct: int,
  /** a pass-through level: passed (at least `passrate` % right once finished) */
  passed: flag,
  passrate: int,
  createtime: int,
  finishtime: int,
  /** started now (0) or an unfinished one resumed (1) */
  resumed: flag,
  perpoint: z.array(pointCount),
  lists: z.array(practiceItemAnswer),
});

/** `/TestpaperApi/answerPractice`: the question graded, with its key and analysis, and the practice's progress. */
export const answerPracticeAnswer = z.object({
  subjectid: int,
  /** 0 wrong, 1 right, 2 partly right */
  correct: int,
  answer: z.string(),
  blanksanswer: z.array(z.array(z.string())),
  analysis: z.string(),
  /** this question was answered before: the first answer stands, nothing changed */
  repeat: flag,
  status: int,
  total: int,
  answered: int,
  correctcount: int,
  passed: flag,
});

/** `/TestpaperApi/practiceList`: the caller's practices in the course, unfinished first, then newest. */
export const practiceListAnswer = z.object({
  lists: z.array(
    z.object({
      id: int,
      kind: int,
      level: int,
      points: z.array(z.string()),
      status: int,
      total: int,
      answered: int,
      correct: int,
      createtime: int,
      finishtime: int,
    }),
  ),
});

/** `/TestpaperApi/passThroughLevels`: one level per knowledge point in bank order; a level opens when the one before is passed. */
export const passThroughAnswer = z.object({
  /** spec 2 §4 of the whole: 0 not started, 1 in progress, 2 completed (every level passed) */
  state: int,
  passrate: int,
  questions: int,
  lists: z.array(
    z.object({
      level: int,
      point: z.string(),
      /** questions of the bank that may be practised on it now */
      available: int,
      /** spec 2 §4: 0 not started, 1 in progress (tried or under way, not passed), 2 completed (passed) */
      state: int,
      /** the level before is not passed yet */
      locked: flag,
      tries: int,
      /** the best share right of a finished try, 0-100 */
      best: int,
      /** an unfinished try to resume, 0 none */
      practiceid: int,
    }),
  ),
});
