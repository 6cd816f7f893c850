import type {
  acceptAnswerAnswer,
  extraTimeAnswer,
  handupAnswer,
  knowledgePointsAnswer,
  paperReviewAnswer,
  paperReviewListAnswer,
  questionAnswer,
  questionPageAnswer,
  questionStatsAnswer,
  saveAnswerAnswer,
  studentPaperAnswer,
  studentTestAnswer,
  switchAnswer,
  teacherTestAnswer,
  testListAnswer,
  testPreviewAnswer,
  testResultAnswer,
  testSettingsAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

// ---- the teacher's side (bank, papers, review)

export type BankQuestion = z.output<typeof questionAnswer>;
export type BankPage = z.output<typeof questionPageAnswer>;
export type KnowledgePoints = z.output<typeof knowledgePointsAnswer>;
export type TestSettings = z.output<typeof testSettingsAnswer>;
export type TeacherTest = z.output<typeof teacherTestAnswer>;
export type TestList = z.output<typeof testListAnswer>;
export type TestListRow = TestList['list'][number];
export type TestPreview = z.output<typeof testPreviewAnswer>;
export type ExtraTimes = z.output<typeof extraTimeAnswer>;
export type ReviewList = z.output<typeof paperReviewListAnswer>;
export type PaperReview = z.output<typeof paperReviewAnswer>;
export type ReviewRow = ReviewList['list'][number];
export type ReviewItem = PaperReview['lists'][number];
export type QuestionStats = z.output<typeof questionStatsAnswer>;
export type QuestionStat = QuestionStats['lists'][number];
export type AcceptedAnswer = z.output<typeof acceptAnswerAnswer>;

// ---- the student's side (issue 14: /testing/stu/detail, /testing/ontesting, the result pages)

/** `/TestpaperApi/lists` for a student: each published test with their state and best released score. */
export type TestListItem = z.output<typeof testListAnswer>['list'][number];
/** `/TestpaperApi/testpaperdetails` for a student. */
export type StudentTest = z.output<typeof studentTestAnswer>;
/** `/TestpaperApi/doSubjectList`: the paper started or resumed. */
export type StudentPaper = z.output<typeof studentPaperAnswer>;
export type StudentItem = StudentPaper['lists'][number];
export type SaveAnswerResult = z.output<typeof saveAnswerAnswer>;
export type HandupResult = z.output<typeof handupAnswer>;
export type SwitchResult = z.output<typeof switchAnswer>;
/** `/TestpaperApi/testingResult`. */
export type TestResult = z.output<typeof testResultAnswer>;
export type ResultItem = TestResult['lists'][number];

/** The teacher's view of `testpaperdetails` (the call answers each role its own): staff always get this one. */
export function teacherView(test: TeacherTest | StudentTest): TeacherTest {
  if (!('published' in test)) throw new Error('testpaperdetails answered a student view to a teacher');
  return test;
}

/** The student's view of `testpaperdetails`. */
export function studentView(test: TeacherTest | StudentTest): StudentTest {
  if ('published' in test) throw new Error('testpaperdetails answered a teacher view to a student');
  return test;
}
