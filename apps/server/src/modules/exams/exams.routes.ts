import multipart from '@fastify/multipart';
import {
  acceptAnswerAnswer,
  acceptAnswerInput,
  answerPracticeAnswer,
  answerPracticeInput,
  attemptRef,
  copyQuestionsAnswer,
  copyQuestionsInput,
  copyTargetsAnswer,
  countAnswer,
  courseRefInput,
  exportQuestionsInput,
  extraTimeAnswer,
  extraTimeInput,
  handupAnswer,
  handupInput,
  importQuestionsFields,
  knowledgePointsAnswer,
  markAnswerInput,
  mistakesAnswer,
  mistakesInput,
  offlineScoresAnswer,
  offlineScoresInput,
  paperReviewAnswer,
  paperReviewListAnswer,
  passThroughAnswer,
  practiceAnswer,
  practiceListAnswer,
  practiceRef,
  publishTestInput,
  QUESTION_IMPORT_MAX_BYTES,
  questionAnswer,
  questionEditInput,
  questionIdsInput,
  questionImportAnswer,
  questionInput,
  questionListInput,
  questionPageAnswer,
  questionRef,
  questionStatsAnswer,
  questionTemplateInput,
  redoMistakeAnswer,
  redoMistakeInput,
  resultInput,
  returnAttemptInput,
  reviewListInput,
  saveAnswerAnswer,
  saveAnswerInput,
  startInput,
  startPracticeInput,
  studentPaperAnswer,
  studentTestRef,
  switchAnswer,
  switchInput,
  teacherTestAnswer,
  testBatchAnswer,
  testBatchInput,
  testDetailsAnswer,
  testListAnswer,
  testPreviewAnswer,
  testpaperEditInput,
  testpaperInput,
  testRef,
  testResultAnswer,
  testSettingsInput,
  weakPointsAnswer,
} from '@paiclass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { refuseNulBytes } from '../../platform/envelope';
import { AppError, badField, badInput } from '../../platform/errors';
import * as attempts from './attempts.service';
import * as bankIo from './bank-io.service';
import * as batch from './batch.service';
import * as mistakes from './mistakes.service';
import * as offline from './offline.service';
import * as papers from './papers.service';
import * as practice from './practice.service';
import * as bank from './questions.service';
import * as results from './results.service';
import * as review from './review.service';
import * as stats from './stats.service';
import './exams.todos';

const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** A bank file as the answer itself, not an envelope (as the score export); refusals still come as the envelope. */
const sendFile = (reply: FastifyReply, file: bankIo.BankFile) =>
  reply
    .header('content-type', FILE_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.data);

/** The import's `courseid` and its one file; a file over the limit is the caller's, said plainly. */
async function readImport(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') file = { name: part.filename ?? '', data: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('tooLarge', 'errors.tooLarge');
    if (e instanceof AppError || (e as { statusCode?: number }).statusCode) throw e;
    throw badInput('validation.uploadIncomplete');
  }
  refuseNulBytes(fields);
  const parsed = importQuestionsFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badField(issue?.message ?? 'validation.invalid', issue?.path ?? []);
  }
  if (!file) throw badInput('validation.fileMissing');
  return { courseid: parsed.data.courseid, file };
}

/**
 * Tests and exams (spec 2 §2 Tests routes; issue 14; decision 017): the question bank
 * (`/QuestionBankApi`), papers and their settings, and the students' Ketangpai calls
 * (`/TestpaperApi`). Limits count per user, not per address: a class behind one NAT is one address.
 */
export async function examsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const perUser = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => (req.user ? `${name}:u${req.user.id}` : `${name}:${req.ip}`),
    },
  });
  const authoring = perUser('exam-author', 240);
  const bankTags = ['question bank'];

  app.post(
    '/QuestionBankApi/addQuestion',
    { schema: { tags: bankTags, body: questionInput, response: { 200: questionAnswer } }, config: authoring },
    (req) => bank.addQuestion(ctx, caller(req), req.body),
  );
  app.post(
    '/QuestionBankApi/editQuestion',
    { schema: { tags: bankTags, body: questionEditInput, response: { 200: questionAnswer } }, config: authoring },
    (req) => bank.editQuestion(ctx, caller(req), req.body),
  );
  app.post(
    '/QuestionBankApi/deleteQuestions',
    { schema: { tags: bankTags, body: questionIdsInput, response: { 200: countAnswer } }, config: authoring },
    (req) => bank.deleteQuestions(ctx, caller(req), req.body.courseid, req.body.ids),
  );
  app.post(
    '/QuestionBankApi/getQuestion',
    { schema: { tags: bankTags, body: questionRef, response: { 200: questionAnswer } } },
    (req) => bank.getQuestion(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/QuestionBankApi/listQuestions',
    { schema: { tags: bankTags, body: questionListInput, response: { 200: questionPageAnswer } } },
    (req) => bank.listQuestions(ctx, caller(req), req.body),
  );
  app.post(
    '/QuestionBankApi/knowledgePoints',
    { schema: { tags: bankTags, body: courseRefInput, response: { 200: knowledgePointsAnswer } } },
    (req) => bank.knowledgePoints(ctx, caller(req), req.body.courseid),
  );

  // import, export and copy (issue 14): multipart only here, one file of at most 2 MB
  await root.register(async (scope) => {
    const io = scope.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: QUESTION_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 } });
    const files = { rateLimit: { max: 20, timeWindow: '1 minute' } };
    io.post(
      '/QuestionBankApi/exportQuestions',
      { schema: { tags: bankTags, body: exportQuestionsInput }, config: files },
      async (req, reply) => sendFile(reply, await bankIo.exportQuestions(ctx, caller(req), req.body, req.lang)),
    );
    io.post(
      '/QuestionBankApi/questionTemplate',
      { schema: { tags: bankTags, body: questionTemplateInput }, config: files },
      async (req, reply) =>
        sendFile(reply, await bankIo.questionTemplate(ctx, caller(req), req.body.courseid, req.body.format, req.lang)),
    );
    io.post(
      '/QuestionBankApi/importQuestions',
      { schema: { tags: bankTags, consumes: ['multipart/form-data'], response: { 200: questionImportAnswer } }, config: files },
      async (req) => {
        const user = caller(req);
        const { courseid, file } = await readImport(req);
        return bankIo.importQuestions(ctx, user, courseid, file, req.lang);
      },
    );
  });
  app.post(
    '/QuestionBankApi/copyQuestions',
    { schema: { tags: bankTags, body: copyQuestionsInput, response: { 200: copyQuestionsAnswer } }, config: authoring },
    (req) => bankIo.copyQuestions(ctx, caller(req), req.body),
  );
  app.post(
    '/QuestionBankApi/copyTargets',
    { schema: { tags: bankTags, body: courseRefInput, response: { 200: copyTargetsAnswer } } },
    (req) => bankIo.copyTargets(ctx, caller(req), req.body.courseid),
  );

  // papers (`/testing/create`, `update`, `settings`, `preview`): the course's teacher and assistants
  const paperTags = ['tests'];
  const paper = { 200: teacherTestAnswer };
  app.post(
    '/TestpaperApi/addTestpaper',
    { schema: { tags: paperTags, body: testpaperInput, response: paper }, config: authoring },
    (req) => papers.addTestpaper(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/editTestpaper',
    { schema: { tags: paperTags, body: testpaperEditInput, response: paper }, config: authoring },
    (req) => papers.editTestpaper(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/setTestpaper',
    { schema: { tags: paperTags, body: testSettingsInput, response: paper }, config: authoring },
    (req) => papers.setTestpaper(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/setExtraTime',
    { schema: { tags: paperTags, body: extraTimeInput, response: { 200: extraTimeAnswer } }, config: authoring },
    (req) => papers.setExtraTime(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/publishTestpaper',
    { schema: { tags: paperTags, body: publishTestInput, response: paper }, config: authoring },
    (req) => papers.publishTestpaper(ctx, caller(req), req.body.courseid, req.body.id, req.body.publish_time),
  );
  app.post(
    '/TestpaperApi/endTestpaper',
    { schema: { tags: paperTags, body: testRef, response: paper }, config: authoring },
    (req) => papers.endTestpaper(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/previewTestpaper',
    { schema: { tags: paperTags, body: testRef, response: { 200: testPreviewAnswer } } },
    (req) => papers.previewTestpaper(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/lists',
    { schema: { tags: paperTags, body: courseRefInput, response: { 200: testListAnswer } } },
    (req) => results.listTests(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/TestpaperApi/testpaperdetails',
    { schema: { tags: paperTags, body: studentTestRef, response: { 200: testDetailsAnswer } } },
    (req) => results.testDetails(ctx, caller(req), req.body.courseid, req.body.testpaperid),
  );

  // students (Ketangpai's calls): start or resume, answers as they are given, hand in, results
  app.post(
    '/TestpaperApi/doSubjectList',
    { schema: { tags: paperTags, body: startInput, response: { 200: studentPaperAnswer } }, config: perUser('exam-start', 60) },
    (req) => attempts.startOrResume(ctx, caller(req), req.body.courseid, req.body.testpaperid),
  );
  app.post(
    '/TestpaperApi/saveAnswer',
    {
      schema: { tags: paperTags, body: saveAnswerInput, response: { 200: saveAnswerAnswer } },
      config: perUser('exam-save', 600),
    },
    (req) => attempts.saveAnswers(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/handup',
    { schema: { tags: paperTags, body: handupInput, response: { 200: handupAnswer } }, config: perUser('exam-handup', 60) },
    (req) => attempts.handup(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/reportSwitch',
    { schema: { tags: paperTags, body: switchInput, response: { 200: switchAnswer } }, config: perUser('exam-switch', 120) },
    (req) => attempts.reportSwitch(ctx, caller(req), req.body.courseid, req.body.testpaperid, req.body.count),
  );
  app.post(
    '/TestpaperApi/testingResult',
    { schema: { tags: paperTags, body: resultInput, response: { 200: testResultAnswer } } },
    (req) => results.testResult(ctx, caller(req), req.body.courseid, req.body.testpaperid, req.body.attemptid),
  );

  // the teacher's review (`/testing/review`, `detail`)
  app.post(
    '/TestpaperApi/reviewList',
    { schema: { tags: paperTags, body: reviewListInput, response: { 200: paperReviewListAnswer } } },
    (req) => review.reviewList(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/reviewDetail',
    { schema: { tags: paperTags, body: attemptRef, response: { 200: paperReviewAnswer } } },
    (req) => review.reviewDetail(ctx, caller(req), req.body.courseid, req.body.id, req.body.attemptid),
  );
  app.post(
    '/TestpaperApi/markAnswer',
    { schema: { tags: paperTags, body: markAnswerInput, response: { 200: paperReviewAnswer } }, config: authoring },
    (req) => review.markAnswer(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/returnAttempt',
    { schema: { tags: paperTags, body: returnAttemptInput, response: { 200: countAnswer } }, config: authoring },
    (req) => review.returnAttempts(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/publishScores',
    { schema: { tags: paperTags, body: testRef, response: { 200: countAnswer } }, config: authoring },
    (req) => review.publishScores(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/questionStats',
    { schema: { tags: paperTags, body: testRef, response: { 200: questionStatsAnswer } } },
    (req) => stats.questionStats(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/acceptAnswer',
    { schema: { tags: paperTags, body: acceptAnswerInput, response: { 200: acceptAnswerAnswer } }, config: authoring },
    (req) => stats.acceptAnswer(ctx, caller(req), req.body),
  );
  // one action on several tests, all or none (`/testing/batch`)
  app.post(
    '/TestpaperApi/batch',
    {
      schema: {
        tags: paperTags,
        body: testBatchInput,
        response: { 200: testBatchAnswer },
      },
      config: authoring,
    },
    (req) => batch.batchTests(ctx, caller(req), req.body),
  );
  // an offline test's scores, typed on the test (decision 017)
  app.post(
    '/TestpaperApi/offlineScores',
    { schema: { tags: paperTags, body: testRef, response: { 200: offlineScoresAnswer } } },
    (req) => offline.offlineScores(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/setOfflineScores',
    { schema: { tags: paperTags, body: offlineScoresInput, response: { 200: offlineScoresAnswer } }, config: authoring },
    (req) => offline.setOfflineScores(ctx, caller(req), req.body),
  );

  // the student's mistakes set and weak knowledge points (`/sets/mistakes/*`, `/testing/weakKnowlegePoints`)
  app.post(
    '/TestpaperApi/mistakes',
    { schema: { tags: paperTags, body: mistakesInput, response: { 200: mistakesAnswer } } },
    (req) => mistakes.listMistakes(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/redoMistake',
    {
      schema: { tags: paperTags, body: redoMistakeInput, response: { 200: redoMistakeAnswer } },
      config: perUser('exam-redo', 120),
    },
    (req) => mistakes.redoMistake(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/weakPoints',
    { schema: { tags: paperTags, body: courseRefInput, response: { 200: weakPointsAnswer } } },
    (req) => mistakes.weakPoints(ctx, caller(req), req.body.courseid),
  );

  // practice on knowledge points and pass-through (`/testing/promoteKnowlegePoints`, `knowledgePractice`)
  app.post(
    '/TestpaperApi/startPractice',
    {
      schema: { tags: paperTags, body: startPracticeInput, response: { 200: practiceAnswer } },
      config: perUser('exam-practice-start', 60),
    },
    (req) => practice.startPractice(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/practiceDetail',
    { schema: { tags: paperTags, body: practiceRef, response: { 200: practiceAnswer } } },
    (req) => practice.practiceDetail(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/answerPractice',
    {
      schema: { tags: paperTags, body: answerPracticeInput, response: { 200: answerPracticeAnswer } },
      config: perUser('exam-practice-answer', 240),
    },
    (req) => practice.answerPractice(ctx, caller(req), req.body),
  );
  app.post(
    '/TestpaperApi/finishPractice',
    { schema: { tags: paperTags, body: practiceRef, response: { 200: practiceAnswer } } },
    (req) => practice.finishPractice(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/TestpaperApi/practiceList',
    { schema: { tags: paperTags, body: courseRefInput, response: { 200: practiceListAnswer } } },
    (req) => practice.practiceList(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/TestpaperApi/passThroughLevels',
    { schema: { tags: paperTags, body: courseRefInput, response: { 200: passThroughAnswer } } },
    (req) => practice.passThroughLevels(ctx, caller(req), req.body.courseid),
  );
}
