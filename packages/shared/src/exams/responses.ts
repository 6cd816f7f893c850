import { z } from 'zod';
import { contentItemAnswer } from '../content/responses';
import { fileAnswer } from '../files/responses';
import { ATTEMPT_SIGNALS } from './constants';

/**
 * What the test calls answer (docs/api.md "Tests", decision 017). A student's shapes have no field
 * for a key, a reference answer or an analysis except the ones sent empty (Ketangpai's `answer`)
 * until the test shows answers; the server builds them field by field.
 */
const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
const option = z.object({ id: z.string(), title: z.string() });

/** A question of the bank, as its course's teacher and assistants see it. */
export const questionAnswer = z.object({
  id: int,
  courseid: int,
  /** spec 2 §3 question type */
  type: int,
  /** 1 easy, 2 medium, 3 hard */
  difficulty: int,
  /** the stem, rich text */
  title: z.string(),
  /** Ketangpai's `optionList`: keys A-J and their texts */
  optionList: z.array(option),
  /** the key: `1`/`0`, `B`, `A|C`; a short answer's reference text; '' for the others */
  answer: z.string(),
  /** fill in blank: each blank's accepted answers */
  blanks: z.array(z.array(z.string())),
  /** numeric rating: the range */
  min: int,
  max: int,
  analysis: z.string(),
  points: z.array(z.string()),
  score: z.number(),
  authorid: int,
  author: z.string(),
  createtime: int,
  updatetime: int,
});
export const questionPageAnswer = z.object({ total: int, page: int, limit: int, list: z.array(questionAnswer) });
export const knowledgePointsAnswer = z.object({ list: z.array(z.object({ point: z.string(), count: int })) });
export const countAnswer = z.object({ count: int });

/** The settings of a test (`/testing/settings`). */
export const testSettingsAnswer = z.object({
  /** 1 general, 2 exam */
  testtype: int,
  /** minutes, 0 none */
  timelimit: int,
  /** epoch seconds students may start from (0: from publishing) */
  begintime: int,
  /** epoch seconds the test closes (0: open until ended) */
  endtime: int,
  attempts: int,
  shufflequestions: flag,
  shuffleoptions: flag,
  /** 1 after submitting, 2 after the close, 3 never */
  showanswer: int,
  /** spec 2 §5: the weight in the score book */
  scorepercent: int,
  /** 0 off */
  switchlimit: int,
  offline: flag,
  partialcredit: flag,
  releasescore: flag,
  scorespublished: flag,
});

/** A question as a student sees it: no key, no analysis (`answer` and `analysis` empty until shown). */
export const studentItemAnswer = z.object({
  /** the paper's question id (`subjectid` of the answer calls) */
  id: int,
  subjectid: int,
  /** place in this student's paper, from 1 */
  sort: int,
  /** the type as Ketangpai sends it, a string ("2") */
  type: z.string(),
  typeid: int,
  title: z.string(),
  optionList: z.array(option),
  /** fill in blank: how many blanks */
  blanks: int,
  min: int,
  max: int,
  score: z.number(),
  /** the key: always '' while answers are not shown */
  answer: z.string(),
  analysis: z.string(),
});

/** A student's saved answer in their paper: `1`/`0`, a key, keys, a number, the blanks, text, or file ids. */
export const myAnswer = z.union([z.string(), z.number(), z.array(z.string()), z.array(z.number()), z.null()]);

/** `/TestpaperApi/doSubjectList`: the student's paper, started or resumed, with the answers saved so far. */
export const studentPaperAnswer = z.object({
  testpaperid: int,
  attemptid: int,
  attemptno: int,
  title: z.string(),
  testpaperType: int,
  totalScore: z.number(),
  /** epoch seconds */
  startedat: int,
  /** epoch seconds; 0 no deadline */
  deadline: int,
  /** ms */
  deadlinems: z.number(),
  servertime: z.number(),
  /** ms left by the server's clock; -1 no deadline */
  remaining: z.number(),
  /** ms since the start by the server's clock: the anchor of the client's `elapsed` */
  elapsed: z.number(),
  /** minutes of extra time this student has */
  extratime: int,
  switchlimit: int,
  switchcount: int,
  lists: z.array(
    studentItemAnswer.extend({
      myanswer: myAnswer,
      /** file and photo answers: the files */
      myfiles: z.array(fileAnswer),
      /** the sequence number of the saved answer (0 none) */
      myseq: int,
    }),
  ),
});

const refusedAnswer = z.object({ subjectid: int, seq: int, code: int, message: z.string() });
/** `/TestpaperApi/saveAnswer`: what was taken and what was refused (a journal replay learns which). */
export const saveAnswerAnswer = z.object({
  saved: z.array(z.object({ subjectid: int, seq: int, late: flag })),
  refused: z.array(refusedAnswer),
  deadline: int,
  remaining: z.number(),
  servertime: z.number(),
});

/** `/TestpaperApi/handup`: the hand-in; a retry answers the same with `repeat` 1. */
export const handupAnswer = z.object({
  testpaperid: int,
  attemptid: int,
  /** epoch seconds */
  submittedat: int,
  /** 1 the student, 2 the deadline, 3 the screen-switch limit, 4 the teacher ended the test */
  submitkind: int,
  repeat: flag,
  /** spec 2 §4 test state of the student */
  state: int,
  /** null until released */
  score: z.number().nullable(),
  totalScore: z.number(),
  answered: int,
  unanswered: int,
  refused: z.array(refusedAnswer),
});

/** `/TestpaperApi/heartbeat`: the server's time and when to send the next one (seconds). */
export const heartbeatAnswer = z.object({ servertime: z.number(), next: int });

/** What the server saw during the test (ATTEMPT_SIGNALS), for the teacher; flags, never refusals. */
export const attemptSignals = z.array(z.enum(ATTEMPT_SIGNALS));

/** `/TestpaperApi/reportSwitch`: the count kept and whether the paper is being handed in. */
export const switchAnswer = z.object({
  count: int,
  limit: int,
  force: flag,
  /** epoch seconds the server hands the paper in (0 none) */
  forceat: int,
  /** seconds of warning (spec 2 §4) */
  warning: int,
});

const attemptSummary = z.object({
  attemptid: int,
  attemptno: int,
  state: int,
  startedat: int,
  submittedat: int,
  submitkind: int,
  score: z.number().nullable(),
});

/** `/TestpaperApi/testpaperdetails` for a student: the test, their state and their attempts. */
export const studentTestAnswer = contentItemAnswer.extend({
  testpaperid: int,
  testpaperType: int,
  totalScore: z.number(),
  fullcount: int,
  settings: testSettingsAnswer,
  /** spec 2 §4: 0 not started, 1 in progress, 2 ended, 3 submitted, 4 returned, 5 pending correction, 6 score unpublished, 7 offline */
  state: int,
  canstart: flag,
  attemptsused: int,
  attemptsleft: int,
  /** minutes of extra time this student has */
  extratime: int,
  /** the attempt under way */
  current: z.object({ attemptid: int, startedat: int, deadline: int, remaining: z.number() }).nullable(),
  attempts: z.array(attemptSummary),
  /** the best released score, or null */
  score: z.number().nullable(),
  servertime: z.number(),
  courserole: z.literal(0),
});

/** A question as the teacher sees it in a paper: the student's view with the key and analysis. */
export const teacherItemAnswer = studentItemAnswer.extend({
  difficulty: int,
  points: z.array(z.string()),
  /** fill in blank: each blank's accepted answers */
  blanksanswer: z.array(z.array(z.string())),
  /** the bank question it was copied from (0 deleted) */
  questionid: int,
  /** 0 a fixed question, n the n-th draw */
  draw: int,
});

export const testCountsAnswer = z.object({
  students: int,
  inprogress: int,
  submitted: int,
  /** handed in with questions to grade by hand */
  pending: int,
  notstarted: int,
});

/** `testpaperdetails` for the teacher and assistants (and the answer of every paper-editing call). */
export const teacherTestAnswer = contentItemAnswer.extend({
  testpaperid: int,
  testpaperType: int,
  totalScore: z.number(),
  fullcount: int,
  settings: testSettingsAnswer,
  /** the composition */
  fixed: z.array(z.object({ id: int, score: z.number(), question: questionAnswer.nullable() })),
  draws: z.array(
    z.object({
      type: int,
      difficulty: int,
      point: z.string(),
      count: int,
      score: z.number(),
      /** questions of the bank this draw may take now */
      available: int,
    }),
  ),
  /** 1 once published: the paper is frozen */
  published: flag,
  counts: testCountsAnswer,
  extratimes: z.array(z.object({ uid: int, username: z.string(), stno: z.string(), minutes: int })),
  courserole: z.literal(1),
});
export const testDetailsAnswer = z.union([teacherTestAnswer, studentTestAnswer]);

/** `/TestpaperApi/previewTestpaper`: the paper as a student would get it, with keys (a sample draw). */
export const testPreviewAnswer = z.object({
  testpaperid: int,
  title: z.string(),
  totalScore: z.number(),
  lists: z.array(teacherItemAnswer),
});

export const extraTimeAnswer = z.object({
  list: z.array(z.object({ uid: int, username: z.string(), stno: z.string(), minutes: int })),
});

/** `/TestpaperApi/lists`: the course's tests, with the caller's state (students) or counts (staff). */
export const testListAnswer = z.object({
  /** the server's clock (epoch seconds): "opens at" and the like are judged by it, not the phone's */
  now: int,
  list: z.array(
    z.object({
      id: int,
      title: z.string(),
      testpaperType: int,
      publishState: int,
      publish_time: int,
      begintime: int,
      endtime: int,
      timelimit: int,
      totalScore: z.number(),
      fullcount: int,
      offline: flag,
      /** a student's state; -1 for staff */
      state: int,
      /** a student's best released score */
      score: z.number().nullable(),
      counts: testCountsAnswer.nullable(),
    }),
  ),
});

/** `/TestpaperApi/testingResult`: a handed-in paper as the settings let its student see it. */
export const testResultAnswer = z.object({
  testpaperid: int,
  attemptid: int,
  attemptno: int,
  state: int,
  startedat: int,
  submittedat: int,
  submitkind: int,
  /** null until released */
  score: z.number().nullable(),
  totalScore: z.number(),
  showanswers: flag,
  scorereleased: flag,
  lists: z.array(
    studentItemAnswer.extend({
      myanswer: myAnswer,
      myfiles: z.array(fileAnswer),
      /** answers shown: each blank's accepted answers */
      blanksanswer: z.array(z.array(z.string())),
      /** -1 not shown, 0 wrong, 1 right, 2 partly right, 3 waiting for the teacher */
      correct: int,
      /** null unless answers are shown and the score released */
      myscore: z.number().nullable(),
      /** taken after the deadline on the device's word (decision 017) */
      late: flag,
    }),
  ),
});

/** `/TestpaperApi/reviewList`: every student with the paper that counts (review state: 0 not handed in, 1 to grade, 2 graded, 3 returned). */
export const paperReviewListAnswer = z.object({
  total: int,
  page: int,
  limit: int,
  totalScore: z.number(),
  scorespublished: flag,
  list: z.array(
    z.object({
      uid: int,
      username: z.string(),
      stno: z.string(),
      /** the paper shown (the best handed in, else the latest); 0 none */
      attemptid: int,
      attempts: int,
      inprogress: flag,
      state: int,
      score: z.number().nullable(),
      pending: int,
      submittedat: int,
      submitkind: int,
      switchcount: int,
      signals: attemptSignals,
    }),
  ),
});

/** `/TestpaperApi/reviewDetail`, `markAnswer`: one student's paper with keys, answers and grades. */
export const paperReviewAnswer = z.object({
  attemptid: int,
  attemptno: int,
  uid: int,
  username: z.string(),
  stno: z.string(),
  state: int,
  startedat: int,
  submittedat: int,
  submitkind: int,
  switchcount: int,
  signals: attemptSignals,
  score: z.number().nullable(),
  pending: int,
  totalScore: z.number(),
  lists: z.array(
    teacherItemAnswer.extend({
      /** an anonymous open answer is never shown beside its author: null */
      myanswer: myAnswer,
      answered: flag,
      myfiles: z.array(fileAnswer),
      correct: int,
      myscore: z.number().nullable(),
      /** graded by hand */
      manual: flag,
      late: flag,
    }),
  ),
});

/** `/TestpaperApi/questionStats`: each question of a published paper over the papers handed in. */
export const questionStatsAnswer = z.object({
  testpaperid: int,
  /** papers handed in (returned ones not counted) */
  papers: int,
  lists: z.array(
    z.object({
      subjectid: int,
      questionid: int,
      type: int,
      title: z.string(),
      score: z.number(),
      /** the key as the teacher reads it: `B`, `A|C`, `1` */
      answer: z.string(),
      blanksanswer: z.array(z.array(z.string())),
      /** whole answers accepted besides the key when regrading (true/false '0', choices 'A|C') */
      alternatives: z.array(z.string()),
      /** 0 a fixed question, n the n-th draw */
      draw: int,
      /** papers that held this question, of them answered, right, partly right, wrong, waiting for the teacher */
      papers: int,
      answered: int,
      correct: int,
      partly: int,
      wrong: int,
      pending: int,
      /** right answers per paper that held it, 0-100 */
      correctrate: int,
      average: z.number(),
      /** choices and votes: how many picked each option; true/false: '1' and '0', untitled */
      options: z.array(z.object({ id: z.string(), title: z.string(), count: int, correct: flag })),
      /** a rating: how many gave each value */
      ratings: z.array(z.object({ value: int, count: int })),
    }),
  ),
});

/** `/TestpaperApi/acceptAnswer`: the paper's new key and the papers graded again. */
export const acceptAnswerAnswer = z.object({
  subjectid: int,
  answer: z.string(),
  blanksanswer: z.array(z.array(z.string())),
  /** whole answers accepted besides the key (true/false '0', choices 'A|C') */
  alternatives: z.array(z.string()),
  /** handed-in papers graded again, and those whose total changed */
  count: int,
  changed: int,
});

/**
 * One mistake of the caller's (issue 14, `/sets/mistakes/*`): an objective question they answered
 * wrong or partly right in a handed-in paper of a test that shows them answers. The question as the
 * paper showed it and their answer; the key comes with `redoMistake`.
 */
export const mistakeAnswer = studentItemAnswer.extend({
  testpaperid: int,
  testtitle: z.string(),
  attemptid: int,
  submittedat: int,
  points: z.array(z.string()),
  myanswer: myAnswer,
  /** 0 wrong, 2 partly right */
  correct: int,
  /** redone right */
  mastered: flag,
});
/** `/TestpaperApi/mistakes`: the caller's mistakes, newest first, and how many there are per knowledge point. */
export const mistakesAnswer = z.object({
  total: int,
  page: int,
  limit: int,
  /** every mistake of the course (not only this point's): per knowledge point, how many and how many mastered */
  points: z.array(z.object({ point: z.string(), count: int, mastered: int })),
  lists: z.array(mistakeAnswer),
});
/** `/TestpaperApi/redoMistake`: whether the new answer is right, and the key. */
export const redoMistakeAnswer = z.object({
  subjectid: int,
  /** 0 wrong, 1 right, 2 partly right */
  correct: int,
  mastered: flag,
  answer: z.string(),
  blanksanswer: z.array(z.array(z.string())),
  analysis: z.string(),
});
/** `/TestpaperApi/weakPoints`: per knowledge point the caller's correct rate; weak ones first. */
export const weakPointsAnswer = z.object({
  /** below this rate (percent) with at least `minanswers` answers a point is weak */
  threshold: int,
  minanswers: int,
  lists: z.array(
    z.object({
      point: z.string(),
      answers: int,
      correct: int,
      /** right answers per answer, 0-100 */
      rate: int,
      weak: flag,
    }),
  ),
});
