/** Interactive answers (content type 3, issue 15; decision 022). Values ours. */

/** Refusal codes of interactive answers (31301-31309). */
export const INTERACT_CODES = {
  stepStarted: 31301, // the step was already started: each step is asked once
  stepNotOpen: 31302, // the step is not taking answers (not started yet, or its time is up)
  alreadyAnswered: 31303, // the first answer counts
  notLiveType: 31304, // file, photo and paragraph-note questions are not asked live
  stepAsked: 31305, // a step already asked stays where it was: it cannot be placed on a slide or moved
} as const;

/** how long a step is open, in seconds: the teacher's choice within these bounds */
export const STEP_SECONDS_MIN = 5;
export const STEP_SECONDS_MAX = 3600;
export const STEP_SECONDS_DEFAULT = 60;
/** the questions one interactive answer holds at most */
export const INTERACT_STEPS_MAX = 20;
/** question types asked live (spec 2 §3); file (7), paragraph note (10) and photo (15) are not */
export const LIVE_QUESTION_TYPES = [1, 2, 3, 4, 5, 6, 11, 12, 13, 14] as const;

/** socket events: to the course when a step opens, closes and is revealed; to its staff as answers arrive */
export const INTERACT_EVENTS = {
  started: 'Interact.stepStart',
  closed: 'Interact.stepClose',
  revealed: 'Interact.reveal',
  answered: 'Interact.answered',
  /** answer review: the answers shown to the class changed (to the course) */
  exhibited: 'Interact.exhibit',
  /** answer review: an answer was marked (to its author and the staff) */
  marked: 'Interact.mark',
} as const;

/** the teacher's marks on an answer (answer review, decision 022): 0 none */
export const INTERACT_MARKS = { none: 0, excellent: 1, good: 2, improve: 3 } as const;
/** how an answer is shown to the class: not, without its author's name, or with it (never on an anonymous question) */
export const INTERACT_EXHIBIT = { no: 0, unnamed: 1, named: 2 } as const;
/** a teacher's comment on an answer, at most */
export const INTERACT_COMMENT_MAX = 200;
/** answers shown to the class at once, at most */
export const INTERACT_EXHIBIT_MAX = 12;
