import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantOperator } from '../src/modules/admin/operators.service';
import { issueInvoice } from '../src/modules/commerce/invoices.service';
import { importInstitution } from '../src/modules/institutions/institutions.service';
import { hookToken, streamKey } from '../src/modules/live/live.policy';
import type { ApiRoute } from '../src/platform/envelope';
import { courseForm, newTeacher } from './courses';
import { pdfWithText } from './documents';
import { contractRoutes, inputSchema, plausibleBody, TableDigest, WriteWatch } from './fuzz-support';
import { newAddress, sweepsElsewhere, type TestDatabase, testApp, testDatabase, upload } from './helpers';
import { type CourseIds, type People, populateCourse, registerPeople } from './world';

/**
 * Issue 11: the role matrix over every call that takes an id, generated from the route table, so a
 * new call is in it the day it lands. Each call gets a populated course A as it was made (every title
 * in it carries a marker; a new one whenever anything was written since the last was made) and a body
 * naming A's things, sent as every kind of caller:
 *
 * - anonymous: 20003, nothing written;
 * - a stranger (in no course) and an outsider (a student of course B): never a success on a course
 *   call, never A's marker in an answer, nothing written;
 * - course B's teacher naming course B with A's things: A's marker never in the answer, and a
 *   success writes nothing;
 * - A's student, assistant and owner: at least one of them gets past the access check with the same
 *   body (so the refusals above are the access check's, not a bad body's), and what each gets is
 *   kept in a snapshot that a change of rights shows up in.
 */

/** Body fields that name something of a course or a person. */
const ID_FIELDS = [
  'courseid',
  'id',
  'uid',
  'uids',
  'sid',
  'sids',
  'groupid',
  'setid',
  'contentid',
  'replyid',
  'rid',
  'fileid',
  'fileids',
  'other',
  'ids',
  'attenceid',
  'studentid',
  'testpaperid',
  'subjectid',
  'attemptid',
  'interactid',
  'stepid',
  // an order of course A's owner (issue 28): no one else reads, pays or confirms it
  'orderno',
];
/** ROLE_MATRIX_ROUTE=<pattern>: only the calls whose path matches, their rows printed instead of snapshot (reading new rows first). */
const ONLY = process.env.ROLE_MATRIX_ROUTE ? new RegExp(process.env.ROLE_MATRIX_ROUTE, 'i') : undefined;

/** What a caller without the right gets: not logged in, not a member, forbidden, or (scoped reads) missing. */
const ACCESS_REFUSALS = [20003, 30202, 40003, 40004];

/** An attendance the owner of course A started (issue 13), for the calls that take its id. */
async function attendanceOf(ids: CourseIds, p: People, call = 'addDigitAttence', extra: Record<string, unknown> = {}) {
  const res = await send(
    `/AttenceApi/${call}`,
    { courseid: ids.courseid, title: `签到 ${ids.marker}`, duration: 10, ...extra },
    p.owner.token,
  );
  return res.data as unknown as { id: number; code: string };
}
const GEOFENCE = { latitude: 39.908722, longitude: 116.397499, radius: 100 };

/** A meeting of course A in progress, named with the marker, with one replay (issue 26). */
async function meetingOf(ids: CourseIds, p: People) {
  const now = Math.floor(Date.now() / 1000);
  const form = meetingForm(ids);
  const made = (
    await send('/Futurev2/TencentMeeting/addMeeting', { ...form, start_time: now - 60, end_time: now + 3600 }, p.owner.token)
  ).data as unknown as { id: number };
  const withVideo = (
    await send(
      '/Futurev2/TencentMeeting/addMeetingVideo',
      { courseid: ids.courseid, id: made.id, title: `回放 ${ids.marker}`, url: 'https://v.example.edu.cn/1.mp4' },
      p.owner.token,
    )
  ).data as unknown as { id: number; videos: { id: string }[] };
  return { id: made.id, videoid: withVideo.videos[0]!.id };
}
const meetingForm = (ids: CourseIds) => {
  const now = Math.floor(Date.now() / 1000);
  return {
    courseid: ids.courseid,
    title: `会议 ${ids.marker}`,
    start_time: now + 3600,
    end_time: now + 7200,
    link: 'https://meeting.tencent.com/dm/abc',
    meeting_no: '123456',
  };
};

/** A live of course A named with the marker (issue 26); on the air when asked, as nginx-rtmp would report it. */
async function liveOf(ids: CourseIds, p: People, onAir = false) {
  const live = (await send('/Live/LiveApi/addLive', { courseid: ids.courseid, title: `直播 ${ids.marker}` }, p.owner.token))
    .data as unknown as { id: number };
  if (onAir) {
    const key = streamKey(app.ctx.secret, live.id).key;
    await app.inject({
      method: 'POST',
      url: `/Live/LiveApi/onPublish?hook=${hookToken(app.ctx.secret)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `call=publish&app=live&name=${key}`,
      remoteAddress: newAddress(),
    });
  }
  return live.id;
}

/**
 * A published courseware of course A (issue 15) whose slides are rendered, named with the marker, and
 * a student's comment on its first page.
 */
async function coursewareOf(ids: CourseIds, p: People) {
  const file = await upload(
    app,
    '/UploadApi/uploadV2',
    p.owner.token,
    {},
    { name: `课件${ids.marker}.pdf`, data: pdfWithText(ids.marker) },
  );
  const item = await send(
    '/FutureV2/CourseMeans/addContent',
    { courseid: ids.courseid, contenttype: 1, title: `课件 ${ids.marker}`, fileids: [file.data.file.id] },
    p.owner.token,
  );
  await app.ctx.jobs.runDue(new Date(Date.now() + 1000));
  const interactid = item.data?.id;
  const comment = await send(
    '/PrestudyTaskApi/addComment',
    { interactid, pageindex: 1, comment: `评论 ${ids.marker}` },
    p.student.token,
  );
  return { interactid, comment: comment.data?.id };
}
const onCourseware =
  (extra: Record<string, unknown> = {}) =>
  async (ids: CourseIds, p: People) => ({ interactid: (await coursewareOf(ids, p)).interactid, ...extra });

/** A courseware of course A shown on the classroom screen in a class time its owner then ended (decision 025). */
async function shownCoursewareOf(ids: CourseIds, p: People) {
  const { interactid } = await coursewareOf(ids, p);
  const begun = await send('/Futurev2/AttendClass/beginClass', { courseid: ids.courseid }, p.owner.token);
  await send('/InteractWithScreenApi/present', { courseid: ids.courseid, interactid }, p.owner.token);
  await send('/Futurev2/AttendClass/overClass', { courseid: ids.courseid }, p.owner.token);
  return { interactid, classtimeid: (begun.data as { classtimeid?: number } | null)?.classtimeid };
}

/** An interactive answer of course A (issue 15) made by its owner from one single-choice bank question. */
async function interactOf(ids: CourseIds, p: People) {
  const q = await send(
    '/QuestionBankApi/addQuestion',
    { courseid: ids.courseid, type: 2, title: `互动 ${ids.marker}`, options: ['甲', '乙'], answer: 'A', score: 1 },
    p.owner.token,
  );
  const made = await send(
    '/InteractApi/create',
    { courseid: ids.courseid, title: `互动 ${ids.marker}`, questionids: [q.data?.id] },
    p.owner.token,
  );
  const steps = (made.data as { steps?: { stepid: number }[] } | null)?.steps;
  return { question: q.data?.id as number, interactid: made.data?.id as number, stepid: steps?.[0]?.stepid as number };
}
const onStep =
  (extra: Record<string, unknown> = {}) =>
  async (ids: CourseIds, p: People) => ({ stepid: (await interactOf(ids, p)).stepid, ...extra });

/** A step of course A's interactive answer asked in class and answered by A's student (answer review, issue 15). */
async function answeredStepOf(ids: CourseIds, p: People) {
  const { stepid, interactid } = await interactOf(ids, p);
  await send('/Futurev2/AttendClass/beginClass', { courseid: ids.courseid }, p.owner.token);
  await send('/InteractApi/startStep', { stepid }, p.owner.token);
  await send('/InteractApi/answer', { stepid, answer: 'A' }, p.student.token);
  return { stepid, interactid };
}

/** An ended class time of course A (issue 15): begun and ended by its owner. */
async function classTimeOf(ids: CourseIds, p: People) {
  await send('/Futurev2/AttendClass/beginClass', { courseid: ids.courseid }, p.owner.token);
  await send('/Futurev2/AttendClass/overClass', { courseid: ids.courseid }, p.owner.token);
  const records = await send('/FutureV2/ClassRecord/lists', { courseid: ids.courseid }, p.owner.token);
  return (records.data as { list: { classtimeid: number }[] }).list[0]?.classtimeid;
}

/** A question A's student asked the course's teachers (issue 15). */
async function courseQuestionOf(ids: CourseIds, p: People) {
  const asked = await send(
    '/Futurev2/CourseQuestions/create',
    { courseid: ids.courseid, content: `问题 ${ids.marker}` },
    p.student.token,
  );
  return asked.data?.id as number;
}

/** A private chat (issue 27) between course A's owner and its student. */
async function chatOf(ids: CourseIds, p: People) {
  const opened = await send('/LetterApi/open', { courseid: ids.courseid, friendid: p.student.uid }, p.owner.token);
  return (opened.data as { groupId?: number } | null)?.groupId;
}

/** Bodies the schema alone cannot guess, with the state they need set up first; each says why. */
/** An order for the cheapest VIP plan, made by course A's owner (issue 28). */
async function orderOf(p: People) {
  const products = await send('/VipApi/getProductList', {}, p.owner.token);
  const productid = (products.data as unknown as { list: { id: number }[] }).list[0]!.id;
  const made = await send('/OrderApi/createOrder', { productid }, p.owner.token);
  return (made.data as unknown as { orderno: string }).orderno;
}

/** A's owner made a platform operator, and an invoice request of theirs waiting (the admin page, decision 053). */
async function invoiceRequestOf(p: People) {
  await grantOperator(app.ctx, { who: p.owner.mobile });
  const orderno = await orderOf(p);
  await send('/OrderApi/sandboxPay', { orderno, result: 'pay' }, p.owner.token);
  const form = {
    orderno: [orderno],
    type: 1,
    invoicetype: 0,
    title: '发票抬头',
    email: 'a@example.edu.cn',
    telphone: '13800000000',
  };
  return ((await send('/InvoiceApi/applyInvoice', form, p.owner.token)).data as { id: number }).id;
}

let schools = 0;
/** A new institution with A's assistant as its certified teacher, and A's owner its operator (decision 053). */
async function schoolOf(p: People) {
  schools += 1;
  const imported = await importInstitution(app.ctx.db, {
    name: `角色矩阵学院 ${schools}-${Date.now() % 100000}`,
    people: [{ usertype: 1, realname: '陈老师', realstno: 'R001', activation: true }],
  });
  await send(
    '/AttestApi/attest',
    { jigouid: imported.jigouid, realname: '陈老师', realstno: 'R001', code: imported.codes[0]!.code },
    p.assistant.token,
  );
  await grantOperator(app.ctx, { who: p.owner.mobile, institution: String(imported.jigouid) });
  return { jigouid: imported.jigouid, uid: p.assistant.uid };
}

const OVERRIDES: Record<string, (ids: CourseIds, people: People) => Promise<Record<string, unknown>>> = {
  // the admin page (decision 053): A's owner is the operator, everyone else is refused
  '/AdminApi/getInvoiceRequest': async (_ids, p) => ({ id: await invoiceRequestOf(p) }),
  '/AdminApi/issueInvoice': async (_ids, p) => ({ id: await invoiceRequestOf(p) }),
  '/AdminApi/refuseInvoice': async (_ids, p) => ({ id: await invoiceRequestOf(p), reason: '抬头有误' }),
  '/AdminApi/downloadInvoice': async (_ids, p) => {
    const id = await invoiceRequestOf(p);
    await issueInvoice(app.ctx, id);
    return { id };
  },
  '/AdminApi/grantInstitutionVip': async (_ids, p) => ({ ...(await schoolOf(p)), level: 3, months: 1 }),
  '/AdminApi/revokeInstitutionVip': async (_ids, p) => {
    const school = await schoolOf(p);
    await send('/AdminApi/grantInstitutionVip', { ...school, level: 3, months: 1 }, p.owner.token);
    return school;
  },
  '/OrderApi/getOrderInfo': async (_ids, p) => ({ orderno: await orderOf(p) }),
  '/OrderApi/payOrder': async (_ids, p) => ({ orderno: await orderOf(p) }),
  '/OrderApi/sandboxPay': async (_ids, p) => ({ orderno: await orderOf(p), result: 'pay' }),
  '/InvoiceApi/applyInvoice': async (_ids, p) => {
    const orderno = await orderOf(p);
    await send('/OrderApi/sandboxPay', { orderno, result: 'pay' }, p.owner.token);
    return { orderno: [orderno], type: 1, invoicetype: 0, title: '发票抬头', email: 'a@example.edu.cn', telphone: '13800000000' };
  },
  // an order of A's owner whose invoice the operator issued (decision 039)
  '/InvoiceApi/downloadInvoice': async (_ids, p) => {
    const orderno = await orderOf(p);
    await send('/OrderApi/sandboxPay', { orderno, result: 'pay' }, p.owner.token);
    const form = {
      orderno: [orderno],
      type: 1,
      invoicetype: 0,
      title: '发票抬头',
      email: 'a@example.edu.cn',
      telphone: '13800000000',
    };
    const applied = await send('/InvoiceApi/applyInvoice', form, p.owner.token);
    await issueInvoice(app.ctx, (applied.data as { id: number }).id);
    return { orderno };
  },
  // chat (issue 27): a private chat with A's student, and a private chat of A's owner and student
  '/LetterApi/open': async (ids, p) => ({ courseid: ids.courseid, friendid: p.student.uid }),
  '/LetterApi/friendList': async (ids) => ({ courseid: ids.courseid }),
  '/LetterApi/history': async (ids, p) => ({ groupid: await chatOf(ids, p) }),
  '/Instantmessaging/OperateApi/deleteSession': async (ids, p) => ({ groupid: await chatOf(ids, p) }),
  '/Instantmessaging/OperateApi/mute': async (ids, p) => ({ groupid: await chatOf(ids, p), friendid: p.student.uid, mute: 1 }),
  '/Instantmessaging/OperateApi/shieldFriend': async (ids, p) => ({
    groupid: await chatOf(ids, p),
    friendid: p.student.uid,
    shield: 1,
  }),
  // meetings and lives (issue 26): a meeting in progress with a replay; a live, on the air to be watched
  '/Futurev2/TencentMeeting/addMeeting': async (ids) => meetingForm(ids),
  '/Futurev2/TencentMeeting/editMeeting': async (ids, p) => ({ ...meetingForm(ids), id: (await meetingOf(ids, p)).id }),
  '/Futurev2/TencentMeeting/getMeetingDetail': async (ids, p) => ({ courseid: ids.courseid, id: (await meetingOf(ids, p)).id }),
  '/Futurev2/TencentMeeting/joinMeeting': async (ids, p) => ({ courseid: ids.courseid, id: (await meetingOf(ids, p)).id }),
  '/Futurev2/TencentMeeting/addMeetingVideo': async (ids, p) => ({
    courseid: ids.courseid,
    id: (await meetingOf(ids, p)).id,
    title: '回放',
    url: 'https://v.example.edu.cn/2.mp4',
  }),
  '/Futurev2/TencentMeeting/delMeetingVideo': async (ids, p) => ({ courseid: ids.courseid, ...(await meetingOf(ids, p)) }),
  '/Live/LiveApi/getLiveInfo': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p) }),
  '/Live/LiveApi/getLivePushUrl': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p) }),
  '/Live/LiveApi/getWatchLog': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p) }),
  '/Live/LiveApi/watchLiveLog': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p, true), seconds: 1 }),
  '/Live/LiveApi/endLive': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p, true) }),
  '/Live/LiveApi/getReplayBarrage': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p) }),
  '/Live/LiveApi/setLiveShare': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p), share: 1 }),
  // the class on the stream (decision 040)
  '/Live/LiveApi/beginClass': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p) }),
  '/Live/LiveApi/addTopic': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p), title: '直播话题' }),
  '/Live/LiveApi/speakHistory': async (ids, p) => ({ courseid: ids.courseid, id: await liveOf(ids, p) }),
  // speaking and questions (issue 15, decision 024): the class in progress; a question A's student asked
  '/Futurev2/Speak/lists': async (ids) => ({ courseid: ids.courseid }),
  '/Futurev2/Speak/sendLetter': async (ids) => ({ courseid: ids.courseid, content: '老师好' }),
  '/Futurev2/Speak/mute': async (ids) => ({ courseid: ids.courseid, mute: 1 }),
  '/Futurev2/CourseQuestions/reply': async (ids, p) => ({
    courseid: ids.courseid,
    id: await courseQuestionOf(ids, p),
    content: '回复',
  }),
  '/Futurev2/CourseQuestions/setAnswered': async (ids, p) => ({
    courseid: ids.courseid,
    id: await courseQuestionOf(ids, p),
    answered: 1,
  }),
  // attendance: whole start forms, and an attendance of the kind each call works on
  '/AttenceApi/addNowsAttence': async (ids) => ({ courseid: ids.courseid, title: '点名', duration: 5 }),
  '/AttenceApi/addDigitAttence': async (ids) => ({ courseid: ids.courseid, title: '数字签到', duration: 5 }),
  '/AttenceApi/addGPSAttence': async (ids) => ({ courseid: ids.courseid, title: 'GPS', duration: 5, ...GEOFENCE }),
  '/AttenceApi/addAttence': async (ids) => ({ courseid: ids.courseid, title: '扫码', duration: 5 }),
  '/AttenceApi/addCheckinAttence': async (ids) => ({ courseid: ids.courseid, title: '签到签退', duration: 5, checkouttime: 2 }),
  '/AttenceApi/overAttence': async (ids, p) => ({ id: (await attendanceOf(ids, p)).id }),
  '/AttenceApi/delAttence': async (ids, p) => ({ id: (await attendanceOf(ids, p)).id }),
  '/AttenceApi/renameAttence': async (ids, p) => ({ id: (await attendanceOf(ids, p)).id, title: `改名 ${ids.marker}` }),
  '/AttenceApi/updateState': async (ids, p) => ({ id: (await attendanceOf(ids, p)).id, studentid: p.student.uid, state: 2 }),
  '/AttenceApi/markAllPresent': async (ids, p) => ({ id: (await attendanceOf(ids, p, 'addNowsAttence')).id }),
  '/AttenceApi/updateDigitAttenceCode': async (ids, p) => ({ id: (await attendanceOf(ids, p)).id }),
  '/AttenceApi/getDigitAttence': async (ids, p) => ({ id: (await attendanceOf(ids, p)).id }),
  '/AttenceApi/getQrCode': async (ids, p) => ({ id: (await attendanceOf(ids, p, 'addAttence')).id }),
  '/AttenceApi/getLocation': async (ids, p) => ({ id: (await attendanceOf(ids, p, 'addGPSAttence', GEOFENCE)).id }),
  '/AttenceApi/checkin': async (ids, p) => {
    const a = await attendanceOf(ids, p);
    return { id: a.id, code: a.code };
  },
  '/AttenceApi/getCheckInResult': async (ids, p) => ({ attenceid: (await attendanceOf(ids, p)).id }),
  '/AttenceV2Api/getAttenceStudentLists': async (ids, p) => ({ attenceid: (await attendanceOf(ids, p)).id }),
  '/AttenceApi/getAdminClassStatistics': async (ids) => ({ courseid: ids.courseid, classid: ids.classid }),
  '/AttenceApi/getStudentStatistics': async (ids) => ({ courseid: ids.courseid }),
  // courseware (issue 15): a converted courseware of course A, its first page, a student's comment
  '/InteractPPTApi/listSlides': onCourseware(),
  '/InteractPPTApi/getAllSlides': onCourseware(),
  '/InteractPPTApi/downloadppt': onCourseware(),
  '/PrestudyTaskApi/getPreStudyInfo': onCourseware(),
  '/PrestudyTaskApi/addLearnTime': onCourseware({ time: 10, pageindex: 1 }),
  '/PrestudyTaskApi/studyTaskPageIndex': onCourseware({ pageindex: 1 }),
  '/PrestudyTaskApi/finishStudyTask': onCourseware(),
  '/PrestudyTaskApi/closePreStudy': onCourseware(),
  '/PrestudyTaskApi/setDoubtState': onCourseware({ pageindex: 1, state: 1 }),
  '/PrestudyTaskApi/addComment': async (ids, p) => {
    const c = await coursewareOf(ids, p);
    return { interactid: c.interactid, pageindex: 1, comment: `回复 ${ids.marker}`, replyid: c.comment };
  },
  '/PrestudyTaskApi/delComment': async (ids, p) => ({ id: (await coursewareOf(ids, p)).comment }),
  '/PrestudyTaskManageApi/getStatinfoV2': onCourseware(),
  '/PrestudyTaskManageApi/listSlides': onCourseware(),
  '/PrestudyTaskManageApi/getDoubtStudentListsV2': onCourseware({ pageindex: 1 }),
  '/PrestudyTaskManageApi/getCommentStudentLists': onCourseware({ pageindex: 1 }),
  // after class (decision 025): a courseware of A shown in a class of A; its statistics; A's courseware by type
  '/CoursewareApi/reviewCourseWare': async (ids, p) => ({ courseid: ids.courseid, ...(await shownCoursewareOf(ids, p)) }),
  '/CoursewareApi/getCoursewareUseStatV2': onCourseware(),
  '/CoursewareApi/getListsByFileType': async (ids, p) => {
    await coursewareOf(ids, p);
    return { courseid: ids.courseid, filetype: 'pdf' };
  },
  // interactive answers (issue 15): an item of course A made from its bank, and its first step
  '/InteractApi/create': async (ids, p) => ({
    courseid: ids.courseid,
    title: '互动',
    questionids: [(await interactOf(ids, p)).question],
  }),
  '/InteractApi/getInteract': async (ids, p) => ({ interactid: (await interactOf(ids, p)).interactid }),
  '/InteractApi/getStepList': async (ids, p) => ({ interactid: (await interactOf(ids, p)).interactid }),
  '/InteractApi/startStep': onStep(),
  '/InteractApi/closeStep': onStep(),
  '/InteractApi/revealStep': onStep(),
  '/InteractApi/stepResult': onStep(),
  '/InteractApi/answer': onStep({ answer: 'A' }),
  // answer review (issue 15): a step A's student answered; the student's own results
  '/InteractApi/reviewAnswers': onStep(),
  '/InteractApi/markAnswer': async (ids, p) => ({ stepid: (await answeredStepOf(ids, p)).stepid, uid: p.student.uid, mark: 1 }),
  '/InteractApi/exhibitAnswers': async (ids, p) => ({ stepid: (await answeredStepOf(ids, p)).stepid, uids: [p.student.uid] }),
  '/InteractApi/exhibition': onStep(),
  '/InteractApi/myResults': async (ids, p) => ({ interactid: (await answeredStepOf(ids, p)).interactid }),
  '/InteractApi/answerDetail': async (ids, p) => ({ stepid: (await answeredStepOf(ids, p)).stepid, uid: p.student.uid }),
  // questions on slides (issue 15): a courseware of course A, and a step of its interactive answer
  '/InteractPPTApi/subjectLists': onCourseware(),
  '/InteractPPTApi/placeStep': async (ids, p) => ({
    stepid: (await interactOf(ids, p)).stepid,
    interactid: (await coursewareOf(ids, p)).interactid,
    pageindex: 1,
  }),
  // class records (decision 023): all of course A's class times (a class time of course A is only a filter)
  '/FutureV2/ClassRecord/lists': async (ids) => ({ courseid: ids.courseid }),
  // the analysis pages (decision 023): the course's students, and an ended class time of course A
  '/FutureV2/ClassRecord/studyAnalysis': async (ids) => ({ courseid: ids.courseid }),
  '/FutureV2/ClassRecord/barrageDetail': async (ids, p) => ({ courseid: ids.courseid, classtimeid: await classTimeOf(ids, p) }),
  '/FutureV2/ClassRecord/classNotes': async (ids, p) => ({ courseid: ids.courseid, classtimeid: await classTimeOf(ids, p) }),
  // whole forms, as the pages send them
  '/CourseApi/editCourse': async (ids) => ({ id: ids.courseid, ...courseForm({ coursename: `改名 ${ids.marker}` }) }),
  '/CourseApi/saveEnrollSetting': async (ids) => ({ courseid: ids.courseid, enrollstate: '1', auditstate: '0', formLists: [] }),
  '/CourseApi/saveModules': async (ids) => ({ courseid: ids.courseid, modules: [{ key: 'homework', name: '作业' }] }),
  '/Futurev2/CourseTemplate/updateSetting': async (ids) => ({ courseid: ids.courseid, type: 2 }),
  '/CourseApi/saveMemberSetting': async (ids) => ({ courseid: ids.courseid, notify: 1, weekday: 6, time: '21:30' }),
  '/FutureV2/CourseMeans/addContent': async (ids) => ({
    courseid: ids.courseid,
    contenttype: 7,
    title: '公告',
    content: '<p>x</p>',
  }),
  // the uid is an assistant's
  '/AssistantApi/getAssistantInfo': async (ids, p) => ({ courseid: ids.courseid, uid: p.assistant.uid }),
  '/AssistantApi/delAssistant': async (ids, p) => ({ courseid: ids.courseid, uid: p.assistant.uid }),
  // a group's leader is one of its members
  '/Futurev2/Student/leader': async (ids, p) => {
    await send('/CourseGroupApi/join', { courseid: ids.courseid, groupid: ids.group, uids: [p.student.uid] }, p.owner.token);
    return { courseid: ids.courseid, groupid: ids.group, uid: p.student.uid };
  },
  // only a draft is published
  '/FutureV2/CourseMeans/publishContent': async (ids, p) => {
    const draft = await send(
      '/FutureV2/CourseMeans/addContent',
      { courseid: ids.courseid, contenttype: 7, title: `草稿 ${ids.marker}`, content: '<p>x</p>', publish: 0 },
      p.owner.token,
    );
    return { courseid: ids.courseid, id: draft.data?.id, publish_time: 0 };
  },
  // a notice is an announcement
  '/NoticeApi/readNotice': async (ids, p) => {
    const notice = await send(
      '/FutureV2/CourseMeans/addContent',
      { courseid: ids.courseid, contenttype: 7, title: `公告 ${ids.marker}`, content: '<p>x</p>' },
      p.owner.token,
    );
    return { courseid: ids.courseid, id: notice.data?.id };
  },
  // only a shared submission is unshared
  '/HomeworkApi/cancelShare': async (ids, p) => {
    await send(
      '/HomeworkApi/share',
      { courseid: ids.courseid, id: ids.homework, sid: ids.submission, reason: '优秀' },
      p.owner.token,
    );
    return { courseid: ids.courseid, id: ids.homework, sid: ids.submission };
  },
  // the score book's own columns (issue 12): a column of course A, named with its marker
  '/ScoreApi/addColumn': async (ids) => ({ courseid: ids.courseid, name: `测验${ids.marker}`, kind: 'test', weight: 10 }),
  '/ScoreApi/editColumn': async (ids, p) => ({ courseid: ids.courseid, id: await scoreColumn(ids, p), weight: 20 }),
  '/ScoreApi/deleteColumn': async (ids, p) => ({ courseid: ids.courseid, id: await scoreColumn(ids, p) }),
  '/ScoreApi/setColumnScores': async (ids, p) => ({
    courseid: ids.courseid,
    id: await scoreColumn(ids, p),
    scores: [{ uid: p.student.uid, score: 50 }],
  }),
  '/ScoreApi/setWeights': async (ids, p) => ({
    courseid: ids.courseid,
    weights: [{ key: `c${await scoreColumn(ids, p)}`, weight: 30 }],
  }),
  // tests (issue 14): whole question and paper forms, and a test at the stage each call works on
  '/QuestionBankApi/addQuestion': async (ids) => ({
    courseid: ids.courseid,
    type: 1,
    title: `<p>题 ${ids.marker}</p>`,
    answer: '1',
  }),
  '/QuestionBankApi/editQuestion': async (ids, p) => ({
    courseid: ids.courseid,
    id: await questionOf(ids, p),
    type: 1,
    title: `<p>改 ${ids.marker}</p>`,
    answer: '0',
  }),
  '/QuestionBankApi/getQuestion': async (ids, p) => ({ courseid: ids.courseid, id: await questionOf(ids, p) }),
  '/QuestionBankApi/deleteQuestions': async (ids, p) => ({ courseid: ids.courseid, ids: [await questionOf(ids, p)] }),
  '/QuestionBankApi/listQuestions': async (ids, p) => {
    await questionOf(ids, p);
    return { courseid: ids.courseid };
  },
  // import/export and copy (issue 14): a question of A's bank; the copy goes to another course A's owner teaches
  '/QuestionBankApi/exportQuestions': async (ids, p) => ({
    courseid: ids.courseid,
    format: 'xlsx',
    ids: [await questionOf(ids, p)],
  }),
  '/QuestionBankApi/copyQuestions': async (ids, p) => {
    const target = await send('/CourseApi/createCourse', courseForm({ coursename: '复制到的课' }), p.owner.token);
    return { courseid: ids.courseid, ids: [await questionOf(ids, p)], tocourseid: target.data?.id };
  },
  '/TestpaperApi/addTestpaper': async (ids, p) => ({
    courseid: ids.courseid,
    title: `测验 ${ids.marker}`,
    fixed: [await questionOf(ids, p)],
  }),
  '/TestpaperApi/editTestpaper': async (ids, p) => ({
    courseid: ids.courseid,
    id: (await testOf(ids, p, 'draft')).id,
    title: `改 ${ids.marker}`,
    fixed: [await questionOf(ids, p)],
  }),
  '/TestpaperApi/setTestpaper': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p)).id, attempts: 2 }),
  '/TestpaperApi/setExtraTime': async (ids, p) => ({
    courseid: ids.courseid,
    id: (await testOf(ids, p)).id,
    uids: [p.student.uid],
    minutes: 10,
  }),
  '/TestpaperApi/publishTestpaper': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p, 'draft')).id }),
  '/TestpaperApi/endTestpaper': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p)).id }),
  '/TestpaperApi/previewTestpaper': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p)).id }),
  '/TestpaperApi/testpaperdetails': async (ids, p) => ({ courseid: ids.courseid, testpaperid: (await testOf(ids, p)).id }),
  '/TestpaperApi/doSubjectList': async (ids, p) => ({ courseid: ids.courseid, testpaperid: (await testOf(ids, p)).id }),
  '/TestpaperApi/saveAnswer': async (ids, p) => {
    const t = await testOf(ids, p, 'started');
    return { courseid: ids.courseid, testpaperid: t.id, subjectid: t.subjectid, answer: '1' };
  },
  '/TestpaperApi/handup': async (ids, p) => ({ courseid: ids.courseid, testpaperid: (await testOf(ids, p, 'started')).id }),
  '/TestpaperApi/reportSwitch': async (ids, p) => ({
    courseid: ids.courseid,
    testpaperid: (await testOf(ids, p, 'started')).id,
    count: 1,
  }),
  '/TestpaperApi/heartbeat': async (ids, p) => ({ courseid: ids.courseid, testpaperid: (await testOf(ids, p, 'started')).id }),
  '/TestpaperApi/testingResult': async (ids, p) => ({
    courseid: ids.courseid,
    testpaperid: (await testOf(ids, p, 'handedIn')).id,
  }),
  '/TestpaperApi/reviewList': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p, 'handedIn')).id }),
  '/TestpaperApi/reviewDetail': async (ids, p) => {
    const t = await testOf(ids, p, 'handedIn');
    return { courseid: ids.courseid, id: t.id, attemptid: t.attemptid };
  },
  '/TestpaperApi/markAnswer': async (ids, p) => {
    const t = await testOf(ids, p, 'handedIn');
    return { courseid: ids.courseid, id: t.id, attemptid: t.attemptid, subjectid: t.subjectid, score: 1 };
  },
  '/TestpaperApi/returnAttempt': async (ids, p) => {
    const t = await testOf(ids, p, 'handedIn');
    return { courseid: ids.courseid, id: t.id, attemptids: [t.attemptid] };
  },
  // a batch (issue 14): A's draft test published
  '/TestpaperApi/batch': async (ids, p) => ({
    courseid: ids.courseid,
    ids: [(await testOf(ids, p, 'draft')).id],
    action: 'publish',
  }),
  // an offline test of course A (issue 14): its score sheet, and a score for A's student
  '/TestpaperApi/offlineScores': async (ids, p) => ({ courseid: ids.courseid, id: await offlineTestOf(ids, p) }),
  '/TestpaperApi/setOfflineScores': async (ids, p) => ({
    courseid: ids.courseid,
    id: await offlineTestOf(ids, p),
    scores: [{ uid: p.student.uid, score: 1 }],
  }),
  '/TestpaperApi/publishScores': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p, 'handedIn')).id }),
  '/TestpaperApi/questionStats': async (ids, p) => ({ courseid: ids.courseid, id: (await testOf(ids, p, 'handedIn')).id }),
  // the student's mistakes (issue 14): a paper handed in blank, its question a mistake of theirs
  '/TestpaperApi/mistakes': async (ids, p) => ({
    courseid: ids.courseid,
    subjectid: (await testOf(ids, p, 'handedIn')).subjectid,
  }),
  '/TestpaperApi/redoMistake': async (ids, p) => ({
    courseid: ids.courseid,
    subjectid: (await testOf(ids, p, 'handedIn')).subjectid,
    answer: '0',
  }),
  '/TestpaperApi/acceptAnswer': async (ids, p) => {
    // a single choice (key B) published: option A is another answer its owner may accept
    const q = await send(
      '/QuestionBankApi/addQuestion',
      { courseid: ids.courseid, type: 2, title: `<p>选 ${ids.marker}</p>`, options: ['甲', '乙'], answer: 'B' },
      p.owner.token,
    );
    const made = await send(
      '/TestpaperApi/addTestpaper',
      { courseid: ids.courseid, title: `测验 ${ids.marker}`, fixed: [q.data?.id] },
      p.owner.token,
    );
    const id = made.data?.id as number;
    await send('/TestpaperApi/publishTestpaper', { courseid: ids.courseid, id }, p.owner.token);
    const preview = await send('/TestpaperApi/previewTestpaper', { courseid: ids.courseid, id }, p.owner.token);
    return {
      courseid: ids.courseid,
      id,
      subjectid: (preview.data as unknown as { lists: { id: number }[] }).lists[0]!.id,
      answer: 'A',
    };
  },
  // practice on knowledge points (issue 14): a point of the bank, a practice of A's student
  '/TestpaperApi/startPractice': async (ids, p) => {
    await practiceOf(ids, p);
    return { courseid: ids.courseid, points: '练习点', count: 5 };
  },
  '/TestpaperApi/practiceDetail': async (ids, p) => ({ courseid: ids.courseid, id: (await practiceOf(ids, p)).id }),
  '/TestpaperApi/finishPractice': async (ids, p) => ({ courseid: ids.courseid, id: (await practiceOf(ids, p)).id }),
  '/TestpaperApi/answerPractice': async (ids, p) => {
    const made = await practiceOf(ids, p);
    return { courseid: ids.courseid, id: made.id, subjectid: made.subjectid, answer: '1' };
  },
  '/TestpaperApi/passThroughLevels': async (ids, p) => {
    await practiceOf(ids, p);
    return { courseid: ids.courseid };
  },
};

/**
 * A practice of course A's student on a knowledge point of one true/false bank question (issue 14):
 * the point and the practice's id and question.
 */
async function practiceOf(ids: CourseIds, p: People) {
  const q = await send(
    '/QuestionBankApi/addQuestion',
    { courseid: ids.courseid, type: 1, title: `<p>练 ${ids.marker}</p>`, answer: '1', points: ['练习点'] },
    p.owner.token,
  );
  const started = await send('/TestpaperApi/startPractice', { courseid: ids.courseid, points: '练习点' }, p.student.token);
  return { point: '练习点', id: started.data?.id as number, subjectid: q.data?.id as number };
}

/** A question of course A's bank, its stem carrying the marker (issue 14). */
async function questionOf(ids: CourseIds, p: People) {
  const q = await send(
    '/QuestionBankApi/addQuestion',
    { courseid: ids.courseid, type: 1, title: `<p>题 ${ids.marker}</p>`, answer: '1' },
    p.owner.token,
  );
  return q.data?.id as number;
}

/**
 * A test of course A with one question (issue 14): a draft, published, started by A's student (with
 * the question of their paper), or handed in by them.
 */
async function testOf(ids: CourseIds, p: People, stage: 'draft' | 'published' | 'started' | 'handedIn' = 'published') {
  const made = await send(
    '/TestpaperApi/addTestpaper',
    // answers after hand-in (not the default, issue 24): a handed-in paper's mistakes are the student's to see
    { courseid: ids.courseid, title: `测验 ${ids.marker}`, fixed: [await questionOf(ids, p)], showanswer: 1 },
    p.owner.token,
  );
  const id = made.data?.id as number;
  if (stage !== 'draft') await send('/TestpaperApi/publishTestpaper', { courseid: ids.courseid, id }, p.owner.token);
  let subjectid = 0;
  if (stage === 'started' || stage === 'handedIn') {
    const paper = await send('/TestpaperApi/doSubjectList', { courseid: ids.courseid, testpaperid: id }, p.student.token);
    subjectid = (paper.data as unknown as { lists: { id: number }[] }).lists[0]!.id;
  }
  let attemptid = 0;
  if (stage === 'handedIn') {
    const handedIn = await send('/TestpaperApi/handup', { courseid: ids.courseid, testpaperid: id }, p.student.token);
    attemptid = (handedIn.data as unknown as { attemptid: number }).attemptid;
  }
  return { id, subjectid, attemptid };
}

/** A published offline test of course A (issue 14), made by its owner. */
async function offlineTestOf(ids: CourseIds, p: People) {
  const made = await send(
    '/TestpaperApi/addTestpaper',
    { courseid: ids.courseid, title: `线下测验 ${ids.marker}`, fixed: [await questionOf(ids, p)], offline: 1 },
    p.owner.token,
  );
  await send('/TestpaperApi/publishTestpaper', { courseid: ids.courseid, id: made.data?.id }, p.owner.token);
  return made.data?.id as number;
}

/** A score column of course A with a score in it, added by its owner. */
async function scoreColumn(ids: CourseIds, p: People) {
  const column = await send(
    '/ScoreApi/addColumn',
    { courseid: ids.courseid, name: `期中${ids.marker}`, kind: 'midterm' },
    p.owner.token,
  );
  const id = column.data?.id;
  await send(
    '/ScoreApi/setColumnScores',
    { courseid: ids.courseid, id, scores: [{ uid: p.student.uid, score: 60 }] },
    p.owner.token,
  );
  return id;
}

/**
 * Calls no member reaches with a generated body, and where their rights are tested instead; the
 * outsider rules above still hold for them.
 */
const MEMBER_PATH_ELSEWHERE: Record<string, string> = {
  '/HomeworkApi/repeat': 'needs a duplicate-check pair (homework/dupcheck tests)',
  '/HomeworkApi/submitReview': 'needs assigned peer reviews after the deadline (homework/reviews.test.ts)',
  '/HomeworkApi/overrideReview': 'needs assigned peer reviews after the deadline (homework/reviews.test.ts)',
  '/FutureV2/Barrage/lists': 'a named class time must be one of the course (barrage/barrage.test.ts)',
  '/FutureV2/Barrage/delBarrage': 'needs a bullet comment sent in a class in progress (barrage/barrage.test.ts)',
};

let db: TestDatabase;
let app: FastifyInstance;
let people: People;
let courseB: CourseIds;
let digest: TableDigest;
let watch: WriteWatch;

/** A call as a client makes it; a file answer (an export) counts as a success. */
async function send(url: string, body: Record<string, unknown>, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: token ? { token } : {},
    remoteAddress: newAddress(),
  });
  const raw = res.rawPayload.toString('latin1') + res.body;
  if (!String(res.headers['content-type']).includes('json'))
    return { status: 1, code: 10000, message: '(a file)', raw, data: null };
  const answer = res.json() as { status: number; code: number; message: string; data: { id?: number } | null };
  return { status: answer.status, code: answer.code, message: answer.message, raw, data: answer.data };
}

function takesAnId(route: ApiRoute) {
  if (route.auth !== 'required' || route.multipart || route.method !== 'POST') return false;
  const fields = Object.keys(inputSchema(route)?.properties ?? {});
  return fields.some((f) => ID_FIELDS.includes(f));
}

const courseScoped = (route: ApiRoute) => Object.keys(inputSchema(route)?.properties ?? {}).includes('courseid');

describe.skipIf(sweepsElsewhere)('the role matrix over every call that takes an id', () => {
  beforeAll(async () => {
    db = await testDatabase();
    app = await testApp(db);
    people = await registerPeople(app);
    courseB = await populateCourse(app, { owner: people.ownerB, student: people.outsider });
    digest = new TableDigest(app, ['verification_codes', 'figure_codes']);
    await digest.init();
    watch = new WriteWatch(digest);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const matrix: string[] = [];

  it('covers the calls of the route table', () => {
    const routes = contractRoutes().filter(takesAnId);
    expect(routes.length).toBeGreaterThan(80);
  });

  it('keeps every call that takes an id to the callers with the right', async () => {
    const problems: string[] = [];
    let courses = 0;
    let made: CourseIds | undefined;
    /** the database's write counter just after course A was made: while it stands, A is as made */
    let untouchedAt = '';
    for (const route of contractRoutes().filter((r) => takesAnId(r) && (!ONLY || ONLY.test(r.url)))) {
      // a fresh course A for each call, unless nothing at all was written since the last one was made (the
      // calls since only read or were refused): making courses was half the sweep's time, and a run of stop
      // 43 made 215 for 309 calls (on PostgreSQL 72 s became 66 s)
      if (!made || (await digest.writes()) !== untouchedAt) {
        // a teacher creates at most 50 courses (spec 1 §5): a new owner every 40
        if (++courses % 40 === 0) people.owner = await newTeacher(app);
        made = await populateCourse(app, people);
        untouchedAt = await digest.writes();
      }
      const ids = made;
      const body = (await OVERRIDES[route.url]?.(ids, people)) ?? plausibleBody(route, ids, people);
      const as = async (token: string | undefined, sent = body) => {
        const { result, changed } = await watch.written(() => send(route.url, sent, token));
        return { ...result, changed, leaked: result.raw.includes(ids.marker) };
      };
      const say = (who: string, r: { code: number; message: string; changed: string[] }, rule: string) =>
        problems.push(
          `${route.url} as ${who}: ${rule} (got ${r.code} ${r.message}${r.changed.length ? `, wrote ${r.changed.join(', ')}` : ''})`,
        );

      const anonymous = await as(undefined);
      if (anonymous.code !== 20003 || anonymous.changed.length) say('anonymous', anonymous, '20003 and nothing written');
      for (const who of ['stranger', 'outsider'] as const) {
        const r = await as(people[who].token);
        if (r.leaked) say(who, r, "course A's data in the answer");
        if (r.changed.length) say(who, r, 'nothing written');
        if (courseScoped(route) && r.status === 1) say(who, r, 'a refusal');
      }
      if (courseScoped(route) && Object.keys(body).some((f) => f !== 'courseid' && ID_FIELDS.includes(f))) {
        const r = await as(people.ownerB.token, { ...body, courseid: courseB.courseid });
        if (r.leaked) say("course B's teacher naming course B", r, "course A's data in the answer");
        if (r.status === 1 && r.changed.length) say("course B's teacher naming course B", r, "no write through A's ids");
      }
      // owner last: its success may end what the others need
      const members: [string, number][] = [];
      for (const who of ['student', 'assistant', 'owner'] as const) members.push([who, (await as(people[who].token)).code]);
      // past the access check: an answer that is neither a refusal of access nor of the body, or a
      // refusal of the body for one member where another is refused access (so it came after the check)
      const past =
        members.some(([, code]) => !ACCESS_REFUSALS.includes(code) && code !== 40001) ||
        (members.some(([, code]) => code === 40001) && members.some(([, code]) => ACCESS_REFUSALS.includes(code)));
      if (!MEMBER_PATH_ELSEWHERE[route.url] && !past)
        problems.push(
          `${route.url}: no member gets past the access check with ${JSON.stringify(body)} (${members}): give it an override`,
        );
      matrix.push(`${route.url} ${members.map(([who, code]) => `${who}:${code}`).join(' ')}`);
    }
    expect(problems).toEqual([]);
    // a run over some calls only shows their rows; the snapshot holds every call's
    if (ONLY) console.log(matrix.join('\n'));
    else await expect(`${matrix.sort().join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/role-matrix.txt');
  }, 2_700_000); // one test over every call: 5 minutes alone, over 20 at a load of 17 beside the journeys
});
