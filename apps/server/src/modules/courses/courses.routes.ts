import {
  addAssistantInput,
  adminClassAnswer,
  allowQuitAnswer,
  allowQuitInput,
  archiveAnswer,
  archivedListInput,
  assistantAddedAnswer,
  classCreateInput,
  classIdInput,
  classMoveInput,
  classRenameInput,
  codeStoppedAnswer,
  confirmInput,
  copyInput,
  courseAnswer,
  courseCreateInput,
  courseDoneAnswer,
  courseEditInput,
  courseIdInput,
  courseInfoAnswer,
  courseIntroAnswer,
  courseModulesAnswer,
  coursePortalAnswer,
  courseProfileAnswer,
  courseProfileInput,
  demoCourseListAnswer,
  demoCreatedAnswer,
  demoCreateInput,
  endCourseAnswer,
  endCourseInput,
  enrollAnswerInput,
  enrollFormAnswer,
  enrollListInput,
  enrollRequestAnswer,
  enrollReviewAnswer,
  enrollReviewInput,
  enrollSettingAnswer,
  enrollSettingInput,
  groupAddInput,
  groupAnswer,
  groupIdInput,
  groupingAnswer,
  groupingInfoAnswer,
  groupJoinAnswer,
  groupJoinInput,
  groupLeaderAnswer,
  groupLeaderInput,
  groupRenameInput,
  groupSetEditInput,
  groupSetIdInput,
  groupSetInput,
  introInput,
  joinAnswer,
  joinCodeAnswer,
  joinKeyInput,
  listedCourseAnswer,
  markSeenAnswer,
  markSeenInput,
  memberCountAnswer,
  memberDoneAnswer,
  memberInput,
  memberSettingAnswer,
  memberSettingInput,
  membersInput,
  modulesInput,
  newCountsAnswer,
  pinAnswer,
  portalInput,
  renamedAnswer,
  semesterCourseListInput,
  semesterListAnswer,
  semesterListInput,
  setTopInput,
  sortInput,
  studentInfoAnswer,
  studentListInput,
  studentPageAnswer,
  teamMemberAnswer,
  templateAnswer,
  templateInput,
  templateSettingAnswer,
  templateSettingInput,
  transferAnswer,
  transferInput,
  userInCourseAnswer,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../platform/auth';
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
  const tags = ['courses'];
  const joinLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post('/CourseApi/createCourse', { schema: { tags, body: courseCreateInput, response: { 200: courseAnswer } } }, (req) =>
    service.createCourse(ctx, caller(req), req.body, req.lang),
  );
  app.post('/CourseApi/demoCourseList', { schema: { tags, response: { 200: demoCourseListAnswer } } }, (req) =>
    demo.listDemoCourses(ctx, caller(req), req.lang),
  );
  app.post(
    '/CourseApi/createCourseFromDemo',
    { schema: { tags, body: demoCreateInput, response: { 200: demoCreatedAnswer } } },
    (req) => demo.createCourseFromDemo(ctx, caller(req), req.body, req.lang),
  );
  app.post('/CourseApi/editCourse', { schema: { tags, body: courseEditInput, response: { 200: courseAnswer } } }, (req) =>
    service.editCourse(ctx, caller(req), req.body.id, req.body, req.lang),
  );
  app.post('/CourseApi/getCourseInfo', { schema: { tags, body: courseIdInput, response: { 200: courseInfoAnswer } } }, (req) =>
    lifecycle.getCourseInfo(ctx, caller(req), req.body.courseid, req.lang),
  );
  app.post(
    '/CourseApi/semesterList',
    { schema: { tags, body: semesterListInput, response: { 200: semesterListAnswer } } },
    (req) => service.listSemesters(ctx, caller(req), req.body, req.lang),
  );
  app.post(
    '/CourseApi/semesterCourseList',
    { schema: { tags, body: semesterCourseListInput, response: { 200: z.array(listedCourseAnswer) } } },
    (req) => service.listCourses(ctx, caller(req), req.body, req.lang),
  );
  app.post('/CourseApi/sortCourse', { schema: { tags, body: sortInput, response: { 200: courseDoneAnswer } } }, (req) =>
    lifecycle.sortCourses(ctx, caller(req), req.body.ids),
  );
  app.post('/CourseApi/setTop', { schema: { tags, body: setTopInput, response: { 200: pinAnswer } } }, (req) =>
    service.setCoursePinned(ctx, caller(req), req.body.courseid, req.body.isTop === 1),
  );
  app.post('/CourseApi/archiveCourse', { schema: { tags, body: courseIdInput, response: { 200: archiveAnswer } } }, (req) =>
    service.setCourseArchived(ctx, caller(req), req.body.courseid, true),
  );
  app.post('/CourseApi/restoreCourse', { schema: { tags, body: courseIdInput, response: { 200: archiveAnswer } } }, (req) =>
    service.setCourseArchived(ctx, caller(req), req.body.courseid, false),
  );
  app.post(
    '/CourseApi/archivedCourseList',
    { schema: { tags, body: archivedListInput, response: { 200: z.array(courseAnswer) } } },
    (req) => lifecycle.listArchived(ctx, caller(req), req.body, req.lang),
  );

  // join code (owner)
  app.post('/CourseApi/resetCode', { schema: { tags, body: courseIdInput, response: { 200: joinCodeAnswer } } }, (req) =>
    service.resetJoinCode(ctx, caller(req), req.body.courseid),
  );
  app.post('/CourseApi/stopCode', { schema: { tags, body: courseIdInput, response: { 200: codeStoppedAnswer } } }, (req) =>
    service.setJoinCodeStopped(ctx, caller(req), req.body.courseid, true),
  );
  app.post('/CourseApi/startCode', { schema: { tags, body: courseIdInput, response: { 200: codeStoppedAnswer } } }, (req) =>
    service.setJoinCodeStopped(ctx, caller(req), req.body.courseid, false),
  );

  // delete, quit, transfer, copy, end
  app.post(
    '/CourseApi/deleteCourse',
    { schema: { tags, body: confirmInput, response: { 200: courseDoneAnswer } }, config: joinLimit },
    (req) => lifecycle.deleteCourse(ctx, caller(req), req.body),
  );
  app.post(
    '/CourseApi/quitCourse',
    { schema: { tags, body: confirmInput, response: { 200: courseDoneAnswer } }, config: joinLimit },
    (req) => lifecycle.quitCourse(ctx, caller(req), req.body),
  );
  app.post(
    '/CourseApi/transferCourse',
    { schema: { tags, body: transferInput, response: { 200: transferAnswer } }, config: joinLimit },
    (req) => lifecycle.transferCourse(ctx, caller(req), req.body),
  );
  app.post('/CourseApi/copyCourse', { schema: { tags, body: copyInput, response: { 200: courseAnswer } } }, (req) =>
    lifecycle.copyCourse(ctx, caller(req), req.body.courseid, req.body.coursename, req.lang),
  );
  app.post('/CourseApi/endCourse', { schema: { tags, body: endCourseInput, response: { 200: endCourseAnswer } } }, (req) =>
    lifecycle.endCourse(ctx, caller(req), req.body.courseid, req.body.canvisit),
  );
  app.post(
    '/CourseApi/setCourseAllowQuit',
    { schema: { tags, body: allowQuitInput, response: { 200: allowQuitAnswer } } },
    (req) => lifecycle.setAllowQuit(ctx, caller(req), req.body.courseid, req.body.allowquit === 1),
  );
  app.post(
    '/CourseApi/getCourseAllowQuit',
    { schema: { tags, body: courseIdInput, response: { 200: allowQuitAnswer } } },
    (req) => lifecycle.getAllowQuit(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/Futurev2/CourseTemplate/saveTempleteType',
    { schema: { tags, body: templateInput, response: { 200: templateAnswer } } },
    (req) => lifecycle.saveTemplate(ctx, caller(req), req.body.courseid, req.body.type),
  );

  // joining and enrolment
  app.post(
    '/CourseApi/joinCourse',
    { schema: { tags, body: joinKeyInput, response: { 200: joinAnswer } }, config: joinLimit },
    (req) => enrollment.joinCourse(ctx, caller(req), req.body, req.lang),
  );
  app.post(
    '/CourseApi/getEnrollForm',
    { schema: { tags, body: joinKeyInput, response: { 200: enrollFormAnswer } }, config: joinLimit },
    (req) => enrollment.getEnrollForm(ctx, caller(req), req.body, req.lang),
  );
  app.post(
    '/CourseApi/submitEnroll',
    { schema: { tags, body: enrollAnswerInput, response: { 200: joinAnswer } }, config: joinLimit },
    (req) => enrollment.submitEnroll(ctx, caller(req), req.body, req.lang),
  );
  app.post(
    '/CourseApi/getEnrollSetting',
    { schema: { tags, body: courseIdInput, response: { 200: enrollSettingAnswer } } },
    (req) => enrollment.getEnrollSetting(ctx, caller(req), req.body.courseid, req.lang),
  );
  app.post(
    '/CourseApi/saveEnrollSetting',
    { schema: { tags, body: enrollSettingInput, response: { 200: enrollSettingAnswer } } },
    (req) => enrollment.saveEnrollSetting(ctx, caller(req), req.body, req.lang),
  );
  app.post(
    '/CourseApi/enrollList',
    { schema: { tags, body: enrollListInput, response: { 200: z.array(enrollRequestAnswer) } } },
    (req) => enrollment.listEnrollments(ctx, caller(req), req.body.courseid, req.body.state),
  );
  app.post(
    '/CourseApi/enrollReview',
    { schema: { tags, body: enrollReviewInput, response: { 200: enrollReviewAnswer } } },
    (req) => enrollment.reviewEnrollments(ctx, caller(req), req.body.courseid, req.body.ids, req.body.state as 1 | 2),
  );
}

/** Members: students, the teaching team and administrative classes. */
export async function membersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['members'];
  app.post('/Futurev2/Student/lists', { schema: { tags, body: studentListInput, response: { 200: studentPageAnswer } } }, (req) =>
    members.listStudents(ctx, caller(req), req.body),
  );
  app.post(
    '/StudentsApi/getStudentCount',
    { schema: { tags, body: courseIdInput, response: { 200: memberCountAnswer } } },
    (req) => members.studentCount(ctx, caller(req), req.body.courseid),
  );
  app.post('/StudentsApi/getStudentInfo', { schema: { tags, body: memberInput, response: { 200: studentInfoAnswer } } }, (req) =>
    members.studentInfo(ctx, caller(req), req.body.courseid, req.body.uid),
  );
  app.post('/Futurev2/Student/remove', { schema: { tags, body: membersInput, response: { 200: memberCountAnswer } } }, (req) =>
    members.removeStudents(ctx, caller(req), req.body.courseid, req.body.uids),
  );
  app.post(
    '/AssistantApi/getTeacherTeam',
    { schema: { tags, body: courseIdInput, response: { 200: z.array(teamMemberAnswer) } } },
    (req) => members.teacherTeam(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/AssistantApi/addAssistant',
    { schema: { tags, body: addAssistantInput, response: { 200: assistantAddedAnswer } } },
    (req) => members.addAssistant(ctx, caller(req), req.body.courseid, req.body.account),
  );
  app.post(
    '/AssistantApi/getAssistantInfo',
    { schema: { tags, body: memberInput, response: { 200: teamMemberAnswer } } },
    (req) => members.assistantInfo(ctx, caller(req), req.body.courseid, req.body.uid),
  );
  app.post('/AssistantApi/delAssistant', { schema: { tags, body: memberInput, response: { 200: memberDoneAnswer } } }, (req) =>
    members.removeAssistant(ctx, caller(req), req.body.courseid, req.body.uid),
  );
  app.post(
    '/FutureV2/ClassAdministration/lists',
    { schema: { tags, body: courseIdInput, response: { 200: z.array(adminClassAnswer) } } },
    (req) => members.listClasses(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/FutureV2/ClassAdministration/create',
    { schema: { tags, body: classCreateInput, response: { 200: adminClassAnswer } } },
    (req) => members.createClass(ctx, caller(req), req.body.courseid, req.body.name),
  );
  app.post(
    '/FutureV2/ClassAdministration/rename',
    { schema: { tags, body: classRenameInput, response: { 200: renamedAnswer } } },
    (req) => members.renameClass(ctx, caller(req), req.body.courseid, req.body.id, req.body.name),
  );
  app.post(
    '/FutureV2/ClassAdministration/delete',
    { schema: { tags, body: classIdInput, response: { 200: memberDoneAnswer } } },
    (req) => members.deleteClass(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/FutureV2/ClassAdministration/move',
    { schema: { tags, body: classMoveInput, response: { 200: memberCountAnswer } } },
    (req) => members.moveStudents(ctx, caller(req), req.body.courseid, req.body.id, req.body.uids),
  );
  app.post(
    '/CourseApi/getMemberSetting',
    { schema: { tags, body: courseIdInput, response: { 200: memberSettingAnswer } } },
    (req) => memberNotice.getMemberSetting(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/CourseApi/saveMemberSetting',
    { schema: { tags, body: memberSettingInput, response: { 200: memberSettingAnswer } } },
    (req) => memberNotice.saveMemberSetting(ctx, caller(req), req.body),
  );
  // kick: take students out of a class (they stay in the course)
  app.post(
    '/FutureV2/ClassAdministration/kick',
    { schema: { tags, body: membersInput, response: { 200: memberCountAnswer } } },
    (req) => members.moveStudents(ctx, caller(req), req.body.courseid, 0, req.body.uids),
  );
}

/** Groupings and groups (`/CourseGroupActivityApi`, `/CourseGroupApi`, the group leader). */
export async function groupsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['groups'];
  app.post(
    '/CourseGroupActivityApi/lists',
    { schema: { tags, body: courseIdInput, response: { 200: z.array(groupingAnswer) } } },
    (req) => groupsService.listGroupSets(ctx, caller(req), req.body.courseid),
  );
  app.post('/CourseGroupActivityApi/add', { schema: { tags, body: groupSetInput, response: { 200: groupingAnswer } } }, (req) =>
    groupsService.addGroupSet(ctx, caller(req), req.body.courseid, req.body),
  );
  app.post(
    '/CourseGroupActivityApi/edit',
    { schema: { tags, body: groupSetEditInput, response: { 200: groupingAnswer } } },
    (req) => groupsService.editGroupSet(ctx, caller(req), req.body.courseid, req.body.id, req.body),
  );
  app.post(
    '/CourseGroupActivityApi/delete',
    { schema: { tags, body: groupSetIdInput, response: { 200: memberDoneAnswer } } },
    (req) => groupsService.deleteGroupSet(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/CourseGroupActivityApi/info',
    { schema: { tags, body: groupSetIdInput, response: { 200: groupingInfoAnswer } } },
    (req) => groupsService.groupSetInfo(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/CourseGroupApi/add', { schema: { tags, body: groupAddInput, response: { 200: groupAnswer } } }, (req) =>
    groupsService.addGroup(ctx, caller(req), req.body.courseid, req.body.setid, req.body.name),
  );
  app.post('/CourseGroupApi/join', { schema: { tags, body: groupJoinInput, response: { 200: groupJoinAnswer } } }, (req) =>
    groupsService.joinGroup(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.uids),
  );
  app.post('/CourseGroupApi/quit', { schema: { tags, body: groupJoinInput, response: { 200: memberCountAnswer } } }, (req) =>
    groupsService.quitGroup(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.uids),
  );
  app.post('/CourseGroupApi/delete', { schema: { tags, body: groupIdInput, response: { 200: memberDoneAnswer } } }, (req) =>
    groupsService.deleteGroup(ctx, caller(req), req.body.courseid, req.body.groupid),
  );
  app.post('/CourseGroupApi/update', { schema: { tags, body: groupRenameInput, response: { 200: renamedAnswer } } }, (req) =>
    groupsService.renameGroup(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.name),
  );
  app.post(
    '/Futurev2/Student/leader',
    { schema: { tags, body: groupLeaderInput, response: { 200: groupLeaderAnswer } } },
    (req) => groupsService.setGroupLeader(ctx, caller(req), req.body.courseid, req.body.groupid, req.body.uid),
  );
}

/** Course home: menus, introduction, and the student profile asked for on entering. */
export async function courseHomeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['courses'];
  app.post('/CourseApi/getModules', { schema: { tags, body: courseIdInput, response: { 200: courseModulesAnswer } } }, (req) =>
    home.getModules(ctx, caller(req), req.body.courseid, req.lang),
  );
  app.post('/CourseApi/saveModules', { schema: { tags, body: modulesInput, response: { 200: courseModulesAnswer } } }, (req) =>
    home.saveModules(ctx, caller(req), req.body),
  );
  app.post(
    '/Futurev2/CourseTemplate/getSetting',
    { schema: { tags, body: courseIdInput, response: { 200: templateSettingAnswer } } },
    (req) => home.getTemplateSetting(ctx, caller(req), req.body.courseid, req.lang),
  );
  app.post(
    '/Futurev2/CourseTemplate/updateSetting',
    { schema: { tags, body: templateSettingInput, response: { 200: templateSettingAnswer } } },
    (req) => home.updateTemplateSetting(ctx, caller(req), req.body, req.lang),
  );
  app.post('/CourseApi/getNewCounts', { schema: { tags, body: courseIdInput, response: { 200: newCountsAnswer } } }, (req) =>
    news.getNewCounts(ctx, caller(req), req.body.courseid),
  );
  app.post('/CourseApi/markSeen', { schema: { tags, body: markSeenInput, response: { 200: markSeenAnswer } } }, (req) =>
    news.markSeen(ctx, caller(req), req.body.courseid, req.body.area),
  );
  app.post('/CourseApi/getCourseIntro', { schema: { tags, body: courseIdInput, response: { 200: courseIntroAnswer } } }, (req) =>
    home.getIntro(ctx, caller(req), req.body.courseid),
  );
  app.post('/CourseApi/saveCourseIntro', { schema: { tags, body: introInput, response: { 200: courseIntroAnswer } } }, (req) =>
    home.saveIntro(ctx, caller(req), req.body.courseid, req.body.describes),
  );
  app.post(
    '/UserApi/getUserInfoInCourse',
    { schema: { tags, body: courseIdInput, response: { 200: userInCourseAnswer } } },
    (req) => home.getUserInfoInCourse(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/UserApi/saveCourseProfile',
    { schema: { tags, body: courseProfileInput, response: { 200: courseProfileAnswer } } },
    (req) => home.saveCourseProfile(ctx, caller(req), req.body),
  );
  app.post(
    '/CourseShareNoAuthApi/getCouseInfo',
    {
      schema: { tags, body: portalInput, response: { 200: coursePortalAnswer } },
      config: { auth: 'none', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (req) => home.getPortal(ctx, req.body.coid, req.lang),
  );
}
