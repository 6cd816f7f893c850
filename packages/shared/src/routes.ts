/**
 * The web app's route table, defined once (spec 1 §2, spec 2 §2). The router builds itself from it;
 * `issue` names the issue that builds the page, so routes not built yet show an honest
 * "not available yet" page instead of fake content. `public` pages need no login (spec 2 §2).
 */
export type RouteArea =
  | 'accounts'
  | 'shell'
  | 'courses'
  | 'content'
  | 'homework'
  | 'tests'
  | 'attendance'
  | 'live'
  | 'office'
  | 'personal'
  | 'chat'
  | 'help'
  | 'commerce';

export interface RouteDef {
  path: string;
  area: RouteArea;
  issue: number;
  public?: boolean;
  /** a child of the home shell, drawn above the bottom tab bar */
  tab?: boolean;
  teacherOnly?: boolean;
  studentOnly?: boolean;
}

const r = (path: string, area: RouteArea, issue: number, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  area,
  issue,
  ...extra,
});

export const routes: RouteDef[] = [
  // spec 1 §2 Account
  r('/login', 'accounts', 2, { public: true }),
  r('/loggingIn', 'accounts', 2, { public: true }),
  r('/register', 'accounts', 2, { public: true }),
  r('/schoolSearch', 'accounts', 2, { public: true }),
  r('/loginVerify', 'accounts', 2, { public: true }),
  r('/bindWechat', 'accounts', 2, { public: true }),
  r('/findPassword', 'accounts', 2, { public: true }),
  r('/preLogin', 'accounts', 2, { public: true }),
  r('/todoLogin', 'accounts', 2, { public: true }),
  r('/index', 'shell', 4),
  r('/courseDoor', 'courses', 3, { public: true }),
  r('/NotFound', 'shell', 2, { public: true }),
  // spec 1 §2 Home shell: the bottom tab bar
  r('/teachingAndResearchOffice', 'office', 0, { tab: true, teacherOnly: true }),
  r('/todoList', 'content', 4, { tab: true }),
  r('/ktpCourse', 'courses', 3, { tab: true }),
  r('/final', 'tests', 0, { tab: true, studentOnly: true }),
  r('/ktpMessage', 'chat', 4, { tab: true }),
  r('/ktpMy', 'personal', 2, { tab: true }),
  r('/ktpStudentHome', 'shell', 4, { tab: true }),
  r('/ktpInfo', 'personal', 0, { tab: true }),
  // spec 1 §2 Course management
  r('/newCourse', 'courses', 3),
  r('/chooseCourseModule', 'courses', 3),
  r('/joinCourse', 'courses', 3),
  r('/joinCourses', 'courses', 3),
  r('/filedCourse', 'courses', 3),
  r('/createCourseFromDemo', 'courses', 3),
  r('/courseIntro', 'courses', 3),
  r('/seniorSetting', 'courses', 3),
  r('/member', 'courses', 3),
  r('/member/newGroup', 'courses', 3),
  r('/member/groupDetails', 'courses', 3),
  r('/member/groupDetails/subGrouped', 'courses', 3),
  r('/member/Ungroup', 'courses', 3),
  r('/member/remove', 'courses', 3),
  r('/member/groupLeader', 'courses', 3),
  r('/member/SelectionGroup', 'courses', 3),
  r('/member/groupSettings', 'courses', 3),
  r('/member/studentInfo/studentInfo', 'courses', 3),
  r('/member/newTeam', 'courses', 3),
  r('/member/memberSetting', 'courses', 3),
  r('/CourseHome', 'courses', 3),
  r('/courseHome', 'courses', 3),
  r('/AllReachingActivityModules', 'courses', 3),
  r('/studentEnrollCourseDetail', 'courses', 3),
  r('/courseEnrollInfo', 'courses', 3),
  r('/enrollReview', 'courses', 3),
  r('/enrollDetail', 'courses', 3),
  r('/folders', 'content', 4),
  r('/CourseRate', 'courses', 0),
  r('/EvaluationTeaching', 'courses', 0),
  r('/course', 'courses', 3),
  r('/courseInfo', 'courses', 3),
  // spec 1 §2 Personal centre
  r('/vipManagement', 'commerce', 28),
  r('/vipManagement/instruction', 'commerce', 28),
  // the operators' admin page (issue 28, decision 053): invoice requests and institution VIP
  r('/admin', 'commerce', 28),
  // issue 28: the sandbox payment provider's confirm page (decision 035); not a Ketangpai route
  r('/paySandbox', 'commerce', 28),
  r('/myInfoDetail', 'personal', 12),
  r('/myAllSetting', 'personal', 12),
  r('/infoModify', 'personal', 12),
  r('/avatar', 'personal', 12),
  r('/accoundNumberInfo', 'accounts', 2),
  r('/addressBooks', 'chat', 0),
  r('/chat', 'chat', 0),
  r('/ChatHistory', 'chat', 0),
  r('/schoolmsg', 'content', 4),
  r('/noticeDetail', 'content', 4),
  r('/discover', 'commerce', 0),
  r('/adCategoryContent', 'commerce', 0),
  r('/smallProgram', 'commerce', 0),
  // spec 2 §2 Course content
  r('/courseware/detail', 'content', 15),
  r('/courseware/startLearning', 'content', 15),
  r('/courseware/importFile', 'content', 0),
  // ours (issue 15): the class's slides — the teacher's classroom screen, the students' phones following it
  r('/courseware/inClass', 'content', 15),
  r('/dataIndex', 'content', 4),
  // ours (issue 12): a file shown as page images, from materials, homework and submissions
  r('/filePreview', 'content', 12),
  r('/InteractiveAnswers/detailTeacher', 'content', 0),
  r('/InteractiveAnswers/detail', 'content', 0),
  r('/InteractiveAnswers/answer', 'content', 0),
  r('/InteractiveAnswers/questionExhibition', 'content', 0),
  r('/InteractiveAnswers/preview', 'content', 0),
  r('/InteractiveAnswers/success', 'content', 0),
  r('/InteractiveAnswers/answerResults', 'content', 0),
  r('/InteractiveAnswers/reviewAnswerDetail', 'content', 0),
  r('/reviewAnswer', 'content', 0),
  r('/documentView/interactpptSubjectLists', 'content', 0),
  r('/homework', 'homework', 5),
  ...[
    'reviewDetail',
    'call',
    'repulse',
    'stuWorkSubmit',
    'stuWorkShareList',
    // ours (decision 051): the VIP view of classmates' work
    'classmatesWork',
    'stuUserList',
    'rechecking',
    'repeat',
    'recheckRules',
    'stuWorkDetail',
    'stuWorkHistory',
    'filter',
    'discussDetail',
  ].map((p) => r(`/homework/${p}`, 'homework', 5)),
  r('/homeworkDetail', 'homework', 5),
  r('/score', 'homework', 5),
  r('/scoreDetail', 'homework', 5),
  r('/setScore', 'homework', 5),
  r('/topicDetail', 'content', 4, { public: true }),
  r('/conference', 'content', 0),
  r('/conference/videoList', 'content', 0),
  r('/conference/go', 'content', 0),
  // beyond the spec: the built-in small meeting (decision 041)
  r('/conference/rooms', 'content', 26),
  r('/conference/room', 'content', 26),
  r('/casestudy', 'content', 0),
  r('/growingProcess', 'commerce', 0),
  r('/growingProcessInfo', 'commerce', 0),
  r('/reviewCourseWare', 'content', 15),
  r('/courseShare', 'content', 0),
  ...[
    'courseware',
    'data',
    'interactiveAnswers',
    'task',
    'topic',
    'notice',
    'conference',
    'casestudy',
    'importType',
    'score',
    'endTime',
    'directory',
  ].map((p) =>
    r(`/addActivity/${p}`, p === 'task' || p === 'score' ? 'homework' : 'content', p === 'task' || p === 'score' ? 5 : 4),
  ),
  // spec 2 §2 Tests
  ...[
    'create',
    'update',
    'detail',
    'settings',
    'batch',
    'review',
    'preview',
    'stu/detail',
    'ontesting',
    'testingresult',
    'submitresult',
    'releaseresult',
    'weakKnowlegePoints',
    'promoteKnowlegePoints',
    'knowledgePractice',
  ].map((p) => r(`/testing/${p}`, 'tests', 0)),
  r('/sets/mistakes/list', 'tests', 0),
  r('/sets/mistakes/detail', 'tests', 0),
  // spec 2 §2 Attendance
  ...[
    'studentCheckinIndex',
    'studentGPS',
    'studentNumber',
    'checkinSuccess',
    'fail',
    'checkinCodeResult',
    'teacherCheckinIndex',
    'teaCheckinPage',
    'teaCheckinDetail',
    'teaCheckinEdit',
    'teaCheckinAdd',
    'counselorCheckin',
    'counselorAdminClassCheckin',
  ].map((p) => r(`/checkIn/${p}`, 'attendance', 0)),
  // spec 2 §2 Performance and analysis
  r('/representation', 'attendance', 0),
  ...['chooseGroup', 'performanceStatistics', 'studetail', 'starlog', 'scan', 'stuRepresentaionIndex'].map((p) =>
    r(`/representation/${p}`, 'attendance', 0),
  ),
  r('/analysis', 'content', 0),
  ...['detail', 'studyAnalysis', 'classNotesDetails', 'bulletChatDetail'].map((p) => r(`/analysis/${p}`, 'content', 0)),
  // spec 2 §2 Live
  r('/onlineLive', 'live', 0),
  r('/onlineLive/question', 'live', 0),
  r('/onlineLive/question/answerSheet', 'live', 0),
  r('/onlineLive/addTopic', 'live', 0),
  r('/onlineLive/speakHistory', 'live', 0),
  r('/ShareLive', 'live', 0, { public: true }),
  r('/remoteController', 'live', 0),
  // spec 2 §2 Teaching and research office
  r('/applyForOffice', 'office', 0),
  r('/teachingResearchRoomSearch', 'office', 0),
  r('/teachingResearchRoomNotificationMessage', 'office', 0),
  r('/TeachingResearchPortalHomepage', 'office', 0, { public: true }),
  r('/teachingMember', 'office', 0),
  r('/teachingMain', 'office', 0),
  r('/teachingMain/CourseHome', 'office', 0),
  r('/teachingMain/dynamicState', 'office', 0),
  r('/teachingMain/discussionActivities', 'office', 0),
  r('/teachingMain/resource', 'office', 0),
  r('/teachingMain/samplePlateCourse', 'office', 0),
  ...[
    'topicArticleDetailPage',
    'conferenceDetailPage',
    'themeInfoDetailPage',
    'document_view',
    'resource_homework_detail',
    'resource_topic_detail',
    'resource_testpaper_detail',
  ].map((p) => r(`/${p}`, 'office', 0, { public: true })),
  r('/editTopic', 'office', 0),
  r('/editConference', 'office', 0),
  // spec 2 §2 Other
  r('/paiAgent', 'help', 0),
  r('/ShareClass', 'courses', 3, { public: true }),
  r('/ProductDynamic', 'help', 0, { public: true }),
  r('/ProductDynamicDetail', 'help', 0, { public: true }),
  r('/helpCenter', 'help', 0, { public: true }),
  r('/helpCenterDetail', 'help', 0, { public: true }),
  r('/helpCenterSearch', 'help', 0, { public: true }),
  r('/feedBack', 'help', 0, { public: true }),
  r('/classification', 'commerce', 0),
  r('/WechatDownload', 'help', 0, { public: true }),
];

/** The bottom tab bar in its order (spec 1 §2). */
export const TABS = ['/teachingAndResearchOffice', '/todoList', '/ktpCourse', '/final', '/ktpMessage', '/ktpMy'] as const;
export const DEFAULT_TAB = '/ktpCourse';

export function findRoute(pathname: string): RouteDef | undefined {
  const lower = pathname.toLowerCase();
  return routes.find((route) => route.path === pathname) ?? routes.find((route) => route.path.toLowerCase() === lower);
}
