import multipart from '@fastify/multipart';
import { examsCalls, importQuestionsFields, QUESTION_IMPORT_MAX_BYTES } from '@paiclass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { refuseNulBytes } from '../../platform/envelope';
import { AppError, badField, badInput } from '../../platform/errors';
import { handle } from '../../platform/handle';
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

  handle(app, examsCalls.addQuestion, (req) => bank.addQuestion(ctx, caller(req), req.body));
  handle(app, examsCalls.editQuestion, (req) => bank.editQuestion(ctx, caller(req), req.body));
  handle(app, examsCalls.deleteQuestions, (req) => bank.deleteQuestions(ctx, caller(req), req.body.courseid, req.body.ids));
  handle(app, examsCalls.getQuestion, (req) => bank.getQuestion(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.listQuestions, (req) => bank.listQuestions(ctx, caller(req), req.body));
  handle(app, examsCalls.knowledgePoints, (req) => bank.knowledgePoints(ctx, caller(req), req.body.courseid));

  // import, export and copy (issue 14): multipart only here, one file of at most 2 MB
  await root.register(async (scope) => {
    const io = scope.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: QUESTION_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 } });
    handle(io, examsCalls.exportQuestions, async (req, reply) =>
      sendFile(reply, await bankIo.exportQuestions(ctx, caller(req), req.body, req.lang)),
    );
    handle(io, examsCalls.questionTemplate, async (req, reply) =>
      sendFile(reply, await bankIo.questionTemplate(ctx, caller(req), req.body.courseid, req.body.format, req.lang)),
    );
    handle(io, examsCalls.importQuestions, async (req) => {
      const user = caller(req);
      const { courseid, file } = await readImport(req);
      return bankIo.importQuestions(ctx, user, courseid, file, req.lang);
    });
  });
  handle(app, examsCalls.copyQuestions, (req) => bankIo.copyQuestions(ctx, caller(req), req.body));
  handle(app, examsCalls.copyTargets, (req) => bankIo.copyTargets(ctx, caller(req), req.body.courseid));
  handle(app, examsCalls.addTestpaper, (req) => papers.addTestpaper(ctx, caller(req), req.body));
  handle(app, examsCalls.editTestpaper, (req) => papers.editTestpaper(ctx, caller(req), req.body));
  handle(app, examsCalls.setTestpaper, (req) => papers.setTestpaper(ctx, caller(req), req.body));
  handle(app, examsCalls.setExtraTime, (req) => papers.setExtraTime(ctx, caller(req), req.body));
  handle(app, examsCalls.publishTestpaper, (req) =>
    papers.publishTestpaper(ctx, caller(req), req.body.courseid, req.body.id, req.body.publish_time),
  );
  handle(app, examsCalls.endTestpaper, (req) => papers.endTestpaper(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.previewTestpaper, (req) => papers.previewTestpaper(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.lists, (req) => results.listTests(ctx, caller(req), req.body.courseid));
  handle(app, examsCalls.testpaperdetails, (req) =>
    results.testDetails(ctx, caller(req), req.body.courseid, req.body.testpaperid),
  );

  // students (Ketangpai's calls): start or resume, answers as they are given, hand in, results
  handle(app, examsCalls.doSubjectList, (req) =>
    attempts.startOrResume(ctx, caller(req), req.body.courseid, req.body.testpaperid),
  );
  handle(app, examsCalls.saveAnswer, (req) => attempts.saveAnswers(ctx, caller(req), req.body));
  handle(app, examsCalls.handup, (req) => attempts.handup(ctx, caller(req), req.body));
  handle(app, examsCalls.heartbeat, (req) => attempts.heartbeat(ctx, caller(req), req.body.courseid, req.body.testpaperid));
  handle(app, examsCalls.reportSwitch, (req) =>
    attempts.reportSwitch(ctx, caller(req), req.body.courseid, req.body.testpaperid, req.body.count, req.body.elapsed),
  );
  handle(app, examsCalls.testingResult, (req) =>
    results.testResult(ctx, caller(req), req.body.courseid, req.body.testpaperid, req.body.attemptid),
  );

  // the teacher's review (`/testing/review`, `detail`)
  handle(app, examsCalls.reviewList, (req) => review.reviewList(ctx, caller(req), req.body));
  handle(app, examsCalls.reviewDetail, (req) =>
    review.reviewDetail(ctx, caller(req), req.body.courseid, req.body.id, req.body.attemptid),
  );
  handle(app, examsCalls.markAnswer, (req) => review.markAnswer(ctx, caller(req), req.body));
  handle(app, examsCalls.returnAttempt, (req) => review.returnAttempts(ctx, caller(req), req.body));
  handle(app, examsCalls.publishScores, (req) => review.publishScores(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.questionStats, (req) => stats.questionStats(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.acceptAnswer, (req) => stats.acceptAnswer(ctx, caller(req), req.body));
  // one action on several tests, all or none (`/testing/batch`)
  handle(app, examsCalls.batch, (req) => batch.batchTests(ctx, caller(req), req.body));
  // an offline test's scores, typed on the test (decision 017)
  handle(app, examsCalls.offlineScores, (req) => offline.offlineScores(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.setOfflineScores, (req) => offline.setOfflineScores(ctx, caller(req), req.body));

  // the student's mistakes set and weak knowledge points (`/sets/mistakes/*`, `/testing/weakKnowlegePoints`)
  handle(app, examsCalls.mistakes, (req) => mistakes.listMistakes(ctx, caller(req), req.body));
  handle(app, examsCalls.redoMistake, (req) => mistakes.redoMistake(ctx, caller(req), req.body));
  handle(app, examsCalls.weakPoints, (req) => mistakes.weakPoints(ctx, caller(req), req.body.courseid));

  // practice on knowledge points and pass-through (`/testing/promoteKnowlegePoints`, `knowledgePractice`)
  handle(app, examsCalls.startPractice, (req) => practice.startPractice(ctx, caller(req), req.body));
  handle(app, examsCalls.practiceDetail, (req) => practice.practiceDetail(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.answerPractice, (req) => practice.answerPractice(ctx, caller(req), req.body));
  handle(app, examsCalls.finishPractice, (req) => practice.finishPractice(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, examsCalls.practiceList, (req) => practice.practiceList(ctx, caller(req), req.body.courseid));
  handle(app, examsCalls.passThroughLevels, (req) => practice.passThroughLevels(ctx, caller(req), req.body.courseid));
}
