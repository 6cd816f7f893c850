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
