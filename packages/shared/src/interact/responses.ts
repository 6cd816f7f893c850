import { z } from 'zod';

const int = z.number().int();

/** One step as its caller may see it: the key only to staff, or to students once revealed. */
export const stepAnswer = z.object({
  stepid: int,
  interactid: int,
  sort: int,
  type: int,
  stem: z.string(),
  options: z.array(z.string()),
  /** rating range, number of blanks */
  spec: z.object({ min: int.optional(), max: int.optional(), blanks: int.optional() }),
  seconds: int,
  /** 0 not started, 1 taking answers, 2 closed */
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** epoch ms; 0 when not started */
  opened_at: int,
  closes_at: int,
  /** the server's clock when answered, epoch ms: countdowns run from it, not from the phone's clock */
  now: int,
  revealed: z.union([z.literal(0), z.literal(1)]),
  /** the key as text ("B", "A|C", "1", blanks joined) — staff always, students once revealed; else '' */
  key: z.string(),
  analysis: z.string(),
  /** the caller's own answer (students), null when none */
  mine: z.unknown(),
  /** 1 right, 2 partly, 0 wrong, 3 waits for the teacher; -1 not known yet (not revealed) or nothing to be right about */
  mycorrect: int,
  answered: int,
});
export type StepView = z.infer<typeof stepAnswer>;

export const interactAnswer = z.object({
  id: int,
  courseid: int,
  title: z.string(),
  createtime: int,
  steps: z.array(stepAnswer),
});
export type InteractView = z.infer<typeof interactAnswer>;

export const interactListAnswer = z.object({
  list: z.array(z.object({ id: int, title: z.string(), createtime: int, steps: int, open: int, answered: int })),
});

/** The answers to a step: counts per choice (or rating), and for staff who answered what. */
export const stepResultAnswer = z.object({
  stepid: int,
  type: int,
  options: z.array(z.string()),
  revealed: z.union([z.literal(0), z.literal(1)]),
  key: z.string(),
  /** students of the course, and how many answered */
  members: int,
  answered: int,
  correct: int,
  /** per option key ("A"...), per true/false ("1", "0"), per rating value; empty for text answers */
  counts: z.array(z.object({ value: z.string(), count: int })),
  /** staff only: each answer with its author (anonymous questions without names) */
  answers: z.array(z.object({ uid: int, username: z.string(), answer: z.unknown(), correct: int })),
});
export type StepResult = z.infer<typeof stepResultAnswer>;

/** `/InteractApi/isExistJoinStepV2`: steps taking answers that the student has not answered */
export const pendingStepsAnswer = z.object({
  count: int,
  list: z.array(z.object({ stepid: int, interactid: int, title: z.string(), closes_at: int })),
});

/** A step as it may be placed on a slide: its interactive answer, its question, where it sits. */
const slideStep = z.object({
  stepid: int,
  /** the interactive answer it belongs to, and its title */
  itemid: int,
  title: z.string(),
  sort: int,
  type: int,
  stem: z.string(),
  /** 0 not started, 1 taking answers, 2 closed */
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** the page of this courseware it sits on; 0 none, or -1 a page of another courseware */
  pageindex: int,
});
export type SlideStep = z.infer<typeof slideStep>;

/**
 * `/InteractPPTApi/subjectLists` (spec 2 `/documentView/interactpptSubjectLists`): a courseware's
 * pages with the questions sitting on them, and the course's steps not asked yet that may be placed.
 */
export const slideQuestionsAnswer = z.object({
  interactid: int,
  courseid: int,
  title: z.string(),
  total: int,
  pages: z.array(z.object({ pageindex: int, url: z.string(), steps: z.array(slideStep) })),
  /** steps of the course's interactive answers not asked yet: on another page, another courseware, or none */
  candidates: z.array(slideStep),
});
export type SlideQuestions = z.infer<typeof slideQuestionsAnswer>;

/** An answer as the staff review it: on an anonymous question without `uid`, name, student number and time. */
export const reviewedAnswer = z.object({
  answerid: int,
  uid: int,
  username: z.string(),
  stno: z.string(),
  answer: z.unknown(),
  /** as `mycorrect`: 1 right, 2 partly, 0 wrong, 3 for the teacher, -1 nothing to be right about */
  correct: int,
  /** 0 none, 1 excellent, 2 good, 3 needs work */
  mark: int,
  comment: z.string(),
  /** shown to the class: 0 no, 1 without the name, 2 with it */
  exhibit: int,
  /** epoch seconds; 0 on an anonymous question */
  createtime: int,
});
export type ReviewedAnswer = z.infer<typeof reviewedAnswer>;

/** `/InteractApi/reviewAnswers` (staff): a step with every answer to it. */
export const reviewAnswersAnswer = z.object({
  interactid: int,
  courseid: int,
  title: z.string(),
  /** the item's number of steps */
  total: int,
  anonymous: z.union([z.literal(0), z.literal(1)]),
  /** students of the course */
  members: int,
  step: stepAnswer,
  answers: z.array(reviewedAnswer),
});
export type ReviewAnswers = z.infer<typeof reviewAnswersAnswer>;

/** An answer the teacher shows to the class: the name only when shown with it, right or wrong only once revealed. */
export const shownAnswer = z.object({
  answerid: int,
  username: z.string(),
  answer: z.unknown(),
  mark: int,
  correct: int,
  /** 1: the caller's own */
  mine: z.union([z.literal(0), z.literal(1)]),
});
export type ShownAnswer = z.infer<typeof shownAnswer>;

/** `/InteractApi/exhibition`: a step as the class sees it on the screen, with the answers the teacher shows. */
export const exhibitionAnswer = z.object({
  interactid: int,
  courseid: int,
  title: z.string(),
  total: int,
  members: int,
  /** how many answered: staff at any time, students once revealed; else 0 */
  answered: int,
  /** the key only once revealed, to staff too: the screen is the class's */
  step: stepAnswer,
  shown: z.array(shownAnswer),
});
export type Exhibition = z.infer<typeof exhibitionAnswer>;

/** A step with the student's own review: the teacher's mark and comment, whether it was shown, and what was shown. */
export const myStepAnswer = stepAnswer.extend({
  mymark: int,
  mycomment: z.string(),
  /** 0 not shown, 1 shown without the name, 2 with it */
  myexhibit: int,
  shown: z.array(shownAnswer),
});
export type MyStep = z.infer<typeof myStepAnswer>;

/** `/InteractApi/myResults` (students): every step of an item with their answers; right of the revealed keyed steps. */
export const myResultsAnswer = z.object({
  id: int,
  courseid: int,
  title: z.string(),
  createtime: int,
  steps: z.array(myStepAnswer),
  /** steps answered */
  answered: int,
  /** revealed steps with a key, and how many of them the student got right */
  judged: int,
  right: int,
});
export type MyResults = z.infer<typeof myResultsAnswer>;

/** `/InteractApi/answerDetail` (staff): one student's answer to a step and their answers across the item. */
export const answerDetailAnswer = z.object({
  interactid: int,
  courseid: int,
  title: z.string(),
  uid: int,
  username: z.string(),
  stno: z.string(),
  step: stepAnswer,
  /** their answer to this step; null when they did not answer */
  answer: reviewedAnswer.nullable(),
  steps: z.array(
    z.object({
      stepid: int,
      sort: int,
      type: int,
      stem: z.string(),
      options: z.array(z.string()),
      key: z.string(),
      state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      revealed: z.union([z.literal(0), z.literal(1)]),
      /** an anonymous question: nothing of theirs is shown */
      anonymous: z.union([z.literal(0), z.literal(1)]),
      answered: z.union([z.literal(0), z.literal(1)]),
      answer: z.unknown(),
      correct: int,
      mark: int,
      exhibit: int,
    }),
  ),
  /** steps answered (anonymous ones not counted) and right */
  answered: int,
  right: int,
});
export type AnswerDetail = z.infer<typeof answerDetailAnswer>;
