import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { courseCreateInput, courseEditInput, courseIdInput, joinCourseInput, semesterCourseListInput, semesterListInput, setTopInput } from '@paiclass/shared';
import { caller } from '../../platform/auth';
import * as service from './courses.service';

/** Course calls: Ketangpai's list and create calls as its clients make them, the rest in the same style. */
export async function coursesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['courses'];

  app.post('/CourseApi/createCourse', { schema: { tags, body: courseCreateInput } }, (req) => service.createCourse(ctx, caller(req), req.body, req.lang));
  app.post('/CourseApi/editCourse', { schema: { tags, body: courseEditInput } }, (req) => service.editCourse(ctx, caller(req), req.body.id, req.body, req.lang));
  app.post('/CourseApi/semesterList', { schema: { tags, body: semesterListInput } }, (req) => service.listSemesters(ctx, caller(req), req.body, req.lang));
  app.post('/CourseApi/semesterCourseList', { schema: { tags, body: semesterCourseListInput } }, (req) =>
    service.listCourses(ctx, caller(req), req.body, req.lang),
  );
  app.post('/CourseApi/joinCourse', { schema: { tags, body: joinCourseInput }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, (req) =>
    service.joinCourse(ctx, caller(req), req.body.code, req.lang),
  );
  app.post('/CourseApi/resetCode', { schema: { tags, body: courseIdInput } }, (req) => service.resetJoinCode(ctx, caller(req), req.body.courseid));
  app.post('/CourseApi/stopCode', { schema: { tags, body: courseIdInput } }, (req) => service.setJoinCodeStopped(ctx, caller(req), req.body.courseid, true));
  app.post('/CourseApi/startCode', { schema: { tags, body: courseIdInput } }, (req) => service.setJoinCodeStopped(ctx, caller(req), req.body.courseid, false));
  app.post('/CourseApi/setTop', { schema: { tags, body: setTopInput } }, (req) => service.setCoursePinned(ctx, caller(req), req.body.courseid, req.body.isTop === 1));
  app.post('/CourseApi/archiveCourse', { schema: { tags, body: courseIdInput } }, (req) => service.setCourseArchived(ctx, caller(req), req.body.courseid, true));
  app.post('/CourseApi/restoreCourse', { schema: { tags, body: courseIdInput } }, (req) => service.setCourseArchived(ctx, caller(req), req.body.courseid, false));
}
