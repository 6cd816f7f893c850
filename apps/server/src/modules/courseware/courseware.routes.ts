import {
  allSlidesAnswer,
  closeAnswer,
  coursewareCommentInput,
  coursewareCommentRef,
  coursewareFileTypeAnswer,
  coursewareFileTypeInput,
  coursewareListInput,
  coursewareOptionalPageInput,
  coursewarePageInput,
  coursewareRef,
  coursewareReviewAnswer,
  coursewareReviewInput,
  coursewareUseStatAnswer,
  coursewareUseStatInput,
  deletedAnswer,
  doubtAnswer,
  doubtInput,
  doubtStudentsAnswer,
  downloadPptAnswer,
  learningAnswer,
  learnTimeInput,
  manageSlidesAnswer,
  pageCommentsAnswer,
  pageCommentThread,
  preStudyInfoAnswer,
  preStudyListAnswer,
  slidesAnswer,
  statInfoAnswer,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import * as courseware from './courseware.service';
import * as review from './review.service';

/** Courseware calls (spec 2 §7 InteractPPTApi, PrestudyTaskApi, PrestudyTaskManageApi, CoursewareApi; issue 15). */
export async function coursewareRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['courseware'];
  // learning time comes every 15 s per open page; comments and marks are people typing and tapping
  const learnLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  const markLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  // the slides
  app.post('/InteractPPTApi/listSlides', { schema: { tags, body: coursewareRef, response: { 200: slidesAnswer } } }, (req) =>
    courseware.listSlides(ctx, caller(req), req.body.interactid),
  );
  app.post('/InteractPPTApi/getAllSlides', { schema: { tags, body: coursewareRef, response: { 200: allSlidesAnswer } } }, (req) =>
    courseware.getAllSlides(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/InteractPPTApi/downloadppt',
    { schema: { tags, body: coursewareRef, response: { 200: downloadPptAnswer } } },
    (req) => courseware.downloadPpt(ctx, caller(req), req.body.interactid),
  );

  // learning (students), the pre-study list and the comments (every member)
  app.post(
    '/PrestudyTaskApi/preStudyList',
    { schema: { tags, body: coursewareListInput, response: { 200: preStudyListAnswer } } },
    (req) => courseware.preStudyList(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/PrestudyTaskApi/getPreStudyInfo',
    { schema: { tags, body: coursewareRef, response: { 200: preStudyInfoAnswer } } },
    (req) => courseware.getPreStudyInfo(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/PrestudyTaskApi/addLearnTime',
    { schema: { tags, body: learnTimeInput, response: { 200: learningAnswer } }, config: learnLimit },
    (req) => courseware.addLearnTime(ctx, caller(req), req.body),
  );
  app.post(
    '/PrestudyTaskApi/studyTaskPageIndex',
    { schema: { tags, body: coursewarePageInput, response: { 200: learningAnswer } }, config: markLimit },
    (req) => courseware.setPageIndex(ctx, caller(req), req.body.interactid, req.body.pageindex),
  );
  app.post(
    '/PrestudyTaskApi/finishStudyTask',
    { schema: { tags, body: coursewareRef, response: { 200: learningAnswer } }, config: writeLimit },
    (req) => courseware.finishStudyTask(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/PrestudyTaskApi/closePreStudy',
    { schema: { tags, body: coursewareRef, response: { 200: closeAnswer } }, config: writeLimit },
    (req) => courseware.closePreStudy(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/PrestudyTaskApi/setDoubtState',
    { schema: { tags, body: doubtInput, response: { 200: doubtAnswer } }, config: markLimit },
    (req) => courseware.setDoubtState(ctx, caller(req), req.body),
  );
  app.post(
    '/PrestudyTaskApi/addComment',
    { schema: { tags, body: coursewareCommentInput, response: { 200: pageCommentThread } }, config: writeLimit },
    (req) => courseware.addComment(ctx, caller(req), req.body),
  );
  app.post(
    '/PrestudyTaskApi/delComment',
    { schema: { tags, body: coursewareCommentRef, response: { 200: deletedAnswer } }, config: writeLimit },
    (req) => courseware.deleteComment(ctx, caller(req), req.body.id),
  );

  // the teacher's statistics
  app.post(
    '/PrestudyTaskManageApi/getStatinfoV2',
    { schema: { tags, body: coursewareRef, response: { 200: statInfoAnswer } } },
    (req) => courseware.getStatInfo(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/PrestudyTaskManageApi/listSlides',
    { schema: { tags, body: coursewareRef, response: { 200: manageSlidesAnswer } } },
    (req) => courseware.manageSlides(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/PrestudyTaskManageApi/getDoubtStudentListsV2',
    { schema: { tags, body: coursewarePageInput, response: { 200: doubtStudentsAnswer } } },
    (req) => courseware.doubtStudents(ctx, caller(req), req.body.interactid, req.body.pageindex),
  );
  app.post(
    '/PrestudyTaskManageApi/getCommentStudentLists',
    { schema: { tags, body: coursewareOptionalPageInput, response: { 200: pageCommentsAnswer } } },
    (req) => courseware.commentStudents(ctx, caller(req), req.body.interactid, req.body.pageindex),
  );

  // after class: a class's review of the courseware (ours), its use statistics and the course's courseware by file type (decision 025)
  app.post(
    '/CoursewareApi/reviewCourseWare',
    { schema: { tags, body: coursewareReviewInput, response: { 200: coursewareReviewAnswer } } },
    (req) => review.reviewCourseware(ctx, caller(req), req.body),
  );
  app.post(
    '/CoursewareApi/getCoursewareUseStatV2',
    { schema: { tags, body: coursewareUseStatInput, response: { 200: coursewareUseStatAnswer } } },
    (req) => review.coursewareUseStat(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/CoursewareApi/getListsByFileType',
    { schema: { tags, body: coursewareFileTypeInput, response: { 200: coursewareFileTypeAnswer } } },
    (req) => review.coursewareByFileType(ctx, caller(req), req.body.courseid, req.body.filetype),
  );
}
