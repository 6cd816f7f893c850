import { coursewareCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as courseware from './courseware.service';
import * as review from './review.service';

/** Courseware calls (spec 2 §7 InteractPPTApi, PrestudyTaskApi, PrestudyTaskManageApi, CoursewareApi; issue 15). */
export async function coursewareRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  // the slides
  handle(app, coursewareCalls.listSlides, (req) => courseware.listSlides(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.getAllSlides, (req) => courseware.getAllSlides(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.downloadppt, (req) => courseware.downloadPpt(ctx, caller(req), req.body.interactid));

  // learning (students), the pre-study list and the comments (every member)
  handle(app, coursewareCalls.preStudyList, (req) => courseware.preStudyList(ctx, caller(req), req.body.courseid));
  handle(app, coursewareCalls.getPreStudyInfo, (req) => courseware.getPreStudyInfo(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.addLearnTime, (req) => courseware.addLearnTime(ctx, caller(req), req.body));
  handle(app, coursewareCalls.studyTaskPageIndex, (req) =>
    courseware.setPageIndex(ctx, caller(req), req.body.interactid, req.body.pageindex),
  );
  handle(app, coursewareCalls.finishStudyTask, (req) => courseware.finishStudyTask(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.closePreStudy, (req) => courseware.closePreStudy(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.setDoubtState, (req) => courseware.setDoubtState(ctx, caller(req), req.body));
  handle(app, coursewareCalls.addComment, (req) => courseware.addComment(ctx, caller(req), req.body));
  handle(app, coursewareCalls.delComment, (req) => courseware.deleteComment(ctx, caller(req), req.body.id));

  // the teacher's statistics
  handle(app, coursewareCalls.getStatinfoV2, (req) => courseware.getStatInfo(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.prestudytaskmanageListSlides, (req) =>
    courseware.manageSlides(ctx, caller(req), req.body.interactid),
  );
  handle(app, coursewareCalls.getDoubtStudentListsV2, (req) =>
    courseware.doubtStudents(ctx, caller(req), req.body.interactid, req.body.pageindex),
  );
  handle(app, coursewareCalls.getCommentStudentLists, (req) =>
    courseware.commentStudents(ctx, caller(req), req.body.interactid, req.body.pageindex),
  );

  // after class: a class's review of the courseware (ours), its use statistics and the course's courseware by file type (decision 025)
  handle(app, coursewareCalls.reviewCourseWare, (req) => review.reviewCourseware(ctx, caller(req), req.body));
  handle(app, coursewareCalls.getCoursewareUseStatV2, (req) => review.coursewareUseStat(ctx, caller(req), req.body.interactid));
  handle(app, coursewareCalls.getListsByFileType, (req) =>
    review.coursewareByFileType(ctx, caller(req), req.body.courseid, req.body.filetype),
  );
}
