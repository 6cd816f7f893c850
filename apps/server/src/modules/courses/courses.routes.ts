import { coursesCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as service from './courses.service';
import * as demo from './demo.service';
import * as enrollment from './enrollment.service';
import * as groupsService from './groups.service';
import * as home from './home.service';
import * as lifecycle from './lifecycle.service';
import * as memberNotice from './member-notice';
import * as members from './members.service';
import * as news from './news.service';

/** Course calls: Ketangpai's list and create calls as its clients make them, the rest in the same style. */
export async function coursesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  handle(app, coursesCalls.createCourse, (req) => service.createCourse(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.demoCourseList, (req) => demo.listDemoCourses(ctx, caller(req), req.lang));
  handle(app, coursesCalls.createCourseFromDemo, (req) => demo.createCourseFromDemo(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.editCourse, (req) => service.editCourse(ctx, caller(req), req.body.id, req.body, req.lang));
  handle(app, coursesCalls.getCourseInfo, (req) => lifecycle.getCourseInfo(ctx, caller(req), req.body.courseid, req.lang));
  handle(app, coursesCalls.semesterList, (req) => service.listSemesters(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.semesterCourseList, (req) => service.listCourses(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.sortCourse, (req) => lifecycle.sortCourses(ctx, caller(req), req.body.ids));
  handle(app, coursesCalls.setTop, (req) => service.setCoursePinned(ctx, caller(req), req.body.courseid, req.body.isTop === 1));
  handle(app, coursesCalls.archiveCourse, (req) => service.setCourseArchived(ctx, caller(req), req.body.courseid, true));
  handle(app, coursesCalls.restoreCourse, (req) => service.setCourseArchived(ctx, caller(req), req.body.courseid, false));
  handle(app, coursesCalls.archivedCourseList, (req) => lifecycle.listArchived(ctx, caller(req), req.body, req.lang));

  // join code (owner)
  handle(app, coursesCalls.resetCode, (req) => service.resetJoinCode(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.stopCode, (req) => service.setJoinCodeStopped(ctx, caller(req), req.body.courseid, true));
  handle(app, coursesCalls.startCode, (req) => service.setJoinCodeStopped(ctx, caller(req), req.body.courseid, false));

  // delete, quit, transfer, copy, end
  handle(app, coursesCalls.deleteCourse, (req) => lifecycle.deleteCourse(ctx, caller(req), req.body));
  handle(app, coursesCalls.quitCourse, (req) => lifecycle.quitCourse(ctx, caller(req), req.body));
  handle(app, coursesCalls.transferCourse, (req) => lifecycle.transferCourse(ctx, caller(req), req.body));
  handle(app, coursesCalls.copyCourse, (req) =>
    lifecycle.copyCourse(ctx, caller(req), req.body.courseid, req.body.coursename, req.lang),
  );
  handle(app, coursesCalls.endCourse, (req) => lifecycle.endCourse(ctx, caller(req), req.body.courseid, req.body.canvisit));
  handle(app, coursesCalls.setCourseAllowQuit, (req) =>
    lifecycle.setAllowQuit(ctx, caller(req), req.body.courseid, req.body.allowquit === 1),
  );
  handle(app, coursesCalls.getCourseAllowQuit, (req) => lifecycle.getAllowQuit(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.saveTempleteType, (req) => lifecycle.saveTemplate(ctx, caller(req), req.body.courseid, req.body.type));

  // joining and enrolment
  handle(app, coursesCalls.joinCourse, (req) => enrollment.joinCourse(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.getEnrollForm, (req) => enrollment.getEnrollForm(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.submitEnroll, (req) => enrollment.submitEnroll(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.getEnrollSetting, (req) => enrollment.getEnrollSetting(ctx, caller(req), req.body.courseid, req.lang));
  handle(app, coursesCalls.saveEnrollSetting, (req) => enrollment.saveEnrollSetting(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.enrollList, (req) => enrollment.listEnrollments(ctx, caller(req), req.body.courseid, req.body.state));
  handle(app, coursesCalls.enrollReview, (req) =>
    enrollment.reviewEnrollments(ctx, caller(req), req.body.courseid, req.body.ids, req.body.state as 1 | 2),
  );
}

/** Members: students, the teaching team and administrative classes. */
export async function membersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  handle(app, coursesCalls.lists, (req) => members.listStudents(ctx, caller(req), req.body));
  handle(app, coursesCalls.getStudentCount, (req) => members.studentCount(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.getStudentInfo, (req) => members.studentInfo(ctx, caller(req), req.body.courseid, req.body.uid));
  handle(app, coursesCalls.remove, (req) => members.removeStudents(ctx, caller(req), req.body.courseid, req.body.uids));
  handle(app, coursesCalls.getTeacherTeam, (req) => members.teacherTeam(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.addAssistant, (req) => members.addAssistant(ctx, caller(req), req.body.courseid, req.body.account));
  handle(app, coursesCalls.getAssistantInfo, (req) => members.assistantInfo(ctx, caller(req), req.body.courseid, req.body.uid));
  handle(app, coursesCalls.delAssistant, (req) => members.removeAssistant(ctx, caller(req), req.body.courseid, req.body.uid));
  handle(app, coursesCalls.classadministrationLists, (req) => members.listClasses(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.create, (req) => members.createClass(ctx, caller(req), req.body.courseid, req.body.name));
  handle(app, coursesCalls.rename, (req) => members.renameClass(ctx, caller(req), req.body.courseid, req.body.id, req.body.name));
  handle(app, coursesCalls.delete, (req) => members.deleteClass(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, coursesCalls.move, (req) => members.moveStudents(ctx, caller(req), req.body.courseid, req.body.id, req.body.uids));
  handle(app, coursesCalls.getMemberSetting, (req) => memberNotice.getMemberSetting(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.saveMemberSetting, (req) => memberNotice.saveMemberSetting(ctx, caller(req), req.body));
  // kick: take students out of a class (they stay in the course)
  handle(app, coursesCalls.kick, (req) => members.moveStudents(ctx, caller(req), req.body.courseid, 0, req.body.uids));
}

/** Groupings and groups (`/CourseGroupActivityApi`, `/CourseGroupApi`, the group leader). */
export async function groupsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  handle(app, coursesCalls.coursegroupactivityLists, (req) => groupsService.listGroupSets(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.add, (req) => groupsService.addGroupSet(ctx, caller(req), req.body.courseid, req.body));
  handle(app, coursesCalls.edit, (req) => groupsService.editGroupSet(ctx, caller(req), req.body.courseid, req.body.id, req.body));
  handle(app, coursesCalls.coursegroupactivityDelete, (req) =>
    groupsService.deleteGroupSet(ctx, caller(req), req.body.courseid, req.body.id),
  );
  handle(app, coursesCalls.info, (req) => groupsService.groupSetInfo(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, coursesCalls.coursegroupAdd, (req) =>
    groupsService.addGroup(ctx, caller(req), req.body.courseid, req.body.setid, req.body.name),
  );
  handle(app, coursesCalls.join, (req) =>
    groupsService.joinGroup(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.uids),
  );
  handle(app, coursesCalls.quit, (req) =>
    groupsService.quitGroup(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.uids),
  );
  handle(app, coursesCalls.coursegroupDelete, (req) =>
    groupsService.deleteGroup(ctx, caller(req), req.body.courseid, req.body.groupid),
  );
  handle(app, coursesCalls.update, (req) =>
    groupsService.renameGroup(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.name),
  );
  handle(app, coursesCalls.leader, (req) =>
    groupsService.setGroupLeader(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.uid),
  );
}

/** Course home: menus, introduction, and the student profile asked for on entering. */
export async function courseHomeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  handle(app, coursesCalls.getModules, (req) => home.getModules(ctx, caller(req), req.body.courseid, req.lang));
  handle(app, coursesCalls.saveModules, (req) => home.saveModules(ctx, caller(req), req.body));
  handle(app, coursesCalls.getSetting, (req) => home.getTemplateSetting(ctx, caller(req), req.body.courseid, req.lang));
  handle(app, coursesCalls.updateSetting, (req) => home.updateTemplateSetting(ctx, caller(req), req.body, req.lang));
  handle(app, coursesCalls.getNewCounts, (req) => news.getNewCounts(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.markSeen, (req) => news.markSeen(ctx, caller(req), req.body.courseid, req.body.area));
  handle(app, coursesCalls.getCourseIntro, (req) => home.getIntro(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.saveCourseIntro, (req) => home.saveIntro(ctx, caller(req), req.body.courseid, req.body.describes));
  handle(app, coursesCalls.getUserInfoInCourse, (req) => home.getUserInfoInCourse(ctx, caller(req), req.body.courseid));
  handle(app, coursesCalls.saveCourseProfile, (req) => home.saveCourseProfile(ctx, caller(req), req.body));
  handle(app, coursesCalls.getCouseInfo, (req) => home.getPortal(ctx, req.body.coid, req.lang));
}
