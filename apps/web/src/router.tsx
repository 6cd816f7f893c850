import { DEFAULT_TAB, type RouteArea, type RouteDef, routes, TABS } from '@paiclass/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { Alias } from './components/Alias';
import { lazyPage } from './components/lazyPage';
import { PageLoading } from './components/PageLoading';
import { useAuth } from './features/accounts/authStore';
import { AuthGate } from './features/accounts/components/AuthGate';
import { CourseCheck } from './features/courses/components/CourseCheck';
import type { TabPath } from './features/shell/tabs';
import i18n from './lib/i18n';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from './lib/router';

// every page is its own chunk, fetched when its route first renders (issue 10: first load is the shell only);
// the account pages' words and the general validation messages come with them (issue 23), not with the entry
const AccoundNumberInfoPage = lazyPage(() => import('./features/accounts/pages/AccoundNumberInfoPage'), 'account');
const BindWechatPage = lazyPage(() => import('./features/accounts/pages/BindWechatPage'), 'account');
const FindPasswordPage = lazyPage(() => import('./features/accounts/pages/FindPasswordPage'), 'account');
const LoggingInPage = lazyPage(() => import('./features/accounts/pages/LoggingInPage'), 'account');
const LoginPage = lazyPage(() => import('./features/accounts/pages/LoginPage'), 'account');
const LoginVerifyPage = lazyPage(() => import('./features/accounts/pages/LoginVerifyPage'), 'account');
const RegisterPage = lazyPage(() => import('./features/accounts/pages/RegisterPage'), 'account');
const AllReachingActivityModulesPage = lazyPage(() => import('./features/courses/pages/AllReachingActivityModulesPage'), 'pages');
const ChooseCourseModulePage = lazyPage(() => import('./features/courses/pages/ChooseCourseModulePage'), 'pages');
const CourseEnrollInfoPage = lazyPage(() => import('./features/courses/pages/CourseEnrollInfoPage'), 'pages');
const CourseHomePage = lazyPage(() => import('./features/courses/pages/CourseHomePage'), 'pages');
const CourseIntroPage = lazyPage(() => import('./features/courses/pages/CourseIntroPage'), 'pages');
const CourseInfoPage = lazyPage(() => import('./features/courses/pages/CourseInfoPage'), 'pages');
// the course list needs its own words only (build/localeGroups.ts LIST_KEYS; localeGroups.test.ts holds it to them)
const CourseListPage = lazyPage(() => import('./features/courses/pages/CourseListPage'), 'list');
const CoursePage = lazyPage(() => import('./features/courses/pages/CoursePage'), 'pages');
const CourseDoorPage = lazyPage(() => import('./features/courses/pages/CourseDoorPage'), 'pages');
const CreateCourseFromDemoPage = lazyPage(() => import('./features/courses/pages/CreateCourseFromDemoPage'), 'pages');
const EnrollDetailPage = lazyPage(() => import('./features/courses/pages/EnrollDetailPage'), 'pages');
const EnrollReviewPage = lazyPage(() => import('./features/courses/pages/EnrollReviewPage'), 'pages');
const FiledCoursePage = lazyPage(() => import('./features/courses/pages/FiledCoursePage'), 'pages');
const JoinCoursePage = lazyPage(() => import('./features/courses/pages/JoinCoursePage'), 'pages');
const NewCoursePage = lazyPage(() => import('./features/courses/pages/NewCoursePage'), 'pages');
const SeniorSettingPage = lazyPage(() => import('./features/courses/pages/SeniorSettingPage'), 'pages');
const ShareClassPage = lazyPage(() => import('./features/courses/pages/ShareClassPage'), 'pages');
const StudentEnrollCourseDetailPage = lazyPage(() => import('./features/courses/pages/StudentEnrollCourseDetailPage'), 'pages');
const HomePage = lazyPage(() => import('./features/home/pages/HomePage'), 'pages');
const AddCoursewarePage = lazyPage(() => import('./features/courseware/pages/AddCoursewarePage'), 'pages');
const CoursewareDetailPage = lazyPage(() => import('./features/courseware/pages/CoursewareDetailPage'), 'pages');
const StartLearningPage = lazyPage(() => import('./features/courseware/pages/StartLearningPage'), 'pages');
const ReviewCourseWarePage = lazyPage(() => import('./features/courseware/pages/ReviewCourseWarePage'), 'pages');
const AddInteractPage = lazyPage(() => import('./features/interact/pages/AddInteractPage'), 'pages');
const AnswerStepPage = lazyPage(() => import('./features/interact/pages/AnswerStepPage'), 'pages');
const InteractStudentPage = lazyPage(() => import('./features/interact/pages/InteractStudentPage'), 'pages');
const InteractTeacherPage = lazyPage(() => import('./features/interact/pages/InteractTeacherPage'), 'pages');
const InteractPreviewPage = lazyPage(() => import('./features/interact/pages/PreviewPage'), 'pages');
const QuestionExhibitionPage = lazyPage(() => import('./features/interact/pages/QuestionExhibitionPage'), 'pages');
const InteractSuccessPage = lazyPage(() => import('./features/interact/pages/SuccessPage'), 'pages');
const AnswerResultsPage = lazyPage(() => import('./features/interact/pages/AnswerResultsPage'), 'pages');
const ReviewAnswerPage = lazyPage(() => import('./features/interact/pages/ReviewAnswerPage'), 'pages');
const ReviewAnswerDetailPage = lazyPage(() => import('./features/interact/pages/ReviewAnswerDetailPage'), 'pages');
const PerformanceStatisticsPage = lazyPage(() => import('./features/representation/pages/PerformanceStatisticsPage'), 'pages');
const AnalysisDetailPage = lazyPage(() => import('./features/representation/pages/AnalysisDetailPage'), 'pages');
const StarLogPage = lazyPage(() => import('./features/representation/pages/StarLogPage'), 'pages');
const StudyAnalysisPage = lazyPage(() => import('./features/representation/pages/StudyAnalysisPage'), 'pages');
const BulletChatDetailPage = lazyPage(() => import('./features/representation/pages/BulletChatDetailPage'), 'pages');
const ClassNotesDetailsPage = lazyPage(() => import('./features/representation/pages/ClassNotesDetailsPage'), 'pages');
const CheckinCodeResultPage = lazyPage(() => import('./features/attendance/pages/CheckinCodeResultPage'), 'pages');
const CounselorCheckinPage = lazyPage(() => import('./features/attendance/pages/CounselorCheckinPage'), 'pages');
const CheckinSuccessPage = lazyPage(() => import('./features/attendance/pages/CheckinSuccessPage'), 'pages');
const CheckinFailPage = lazyPage(() => import('./features/attendance/pages/FailPage'), 'pages');
const StudentCheckinIndexPage = lazyPage(() => import('./features/attendance/pages/StudentCheckinIndexPage'), 'pages');
const StudentGPSPage = lazyPage(() => import('./features/attendance/pages/StudentGPSPage'), 'pages');
const StudentNumberPage = lazyPage(() => import('./features/attendance/pages/StudentNumberPage'), 'pages');
const TeaCheckinAddPage = lazyPage(() => import('./features/attendance/pages/TeaCheckinAddPage'), 'pages');
const TeaCheckinDetailPage = lazyPage(() => import('./features/attendance/pages/TeaCheckinDetailPage'), 'pages');
const TeaCheckinEditPage = lazyPage(() => import('./features/attendance/pages/TeaCheckinEditPage'), 'pages');
const TeaCheckinPage = lazyPage(() => import('./features/attendance/pages/TeaCheckinPage'), 'pages');
const InClassPage = lazyPage(() => import('./features/classtime/pages/InClassPage'), 'pages');
const RemoteControllerPage = lazyPage(() => import('./features/classtime/pages/RemoteControllerPage'), 'pages');
const SlideQuestionsPage = lazyPage(() => import('./features/interact/pages/SlideQuestionsPage'), 'pages');
const TeacherCheckinIndexPage = lazyPage(() => import('./features/attendance/pages/TeacherCheckinIndexPage'), 'pages');
const RecheckingPage = lazyPage(() => import('./features/homework/recheck/pages/RecheckingPage'), 'pages');
const RecheckRulesPage = lazyPage(() => import('./features/homework/recheck/pages/RecheckRulesPage'), 'pages');
const RepeatPage = lazyPage(() => import('./features/homework/recheck/pages/RepeatPage'), 'pages');
const ReviewDetailPage = lazyPage(() => import('./features/homework/review/pages/ReviewDetailPage'), 'pages');
const AddTaskPage = lazyPage(() => import('./features/homework/pages/AddTaskPage'), 'pages');
const CallPage = lazyPage(() => import('./features/homework/pages/CallPage'), 'pages');
const HomeworkPage = lazyPage(() => import('./features/homework/pages/HomeworkPage'), 'pages');
const RepulsePage = lazyPage(() => import('./features/homework/pages/RepulsePage'), 'pages');
const StuUserListPage = lazyPage(() => import('./features/homework/pages/StuUserListPage'), 'pages');
const StuWorkDetailPage = lazyPage(() => import('./features/homework/pages/StuWorkDetailPage'), 'pages');
const StuWorkHistoryPage = lazyPage(() => import('./features/homework/pages/StuWorkHistoryPage'), 'pages');
const DiscussDetailPage = lazyPage(() => import('./features/homework/pages/DiscussDetailPage'), 'pages');
const StuWorkShareListPage = lazyPage(() => import('./features/homework/pages/StuWorkShareListPage'), 'pages');
const ClassmatesWorkPage = lazyPage(() => import('./features/homework/pages/ClassmatesWorkPage'), 'pages');
const StuWorkSubmitPage = lazyPage(() => import('./features/homework/pages/StuWorkSubmitPage'), 'pages');
const TeacherTestsPage = lazyPage(() => import('./features/exams/pages/TeacherTestsPage'), 'pages');
const TeacherPaperPage = lazyPage(() => import('./features/exams/pages/TeacherPaperPage'), 'pages');
const TeacherSettingsPage = lazyPage(() => import('./features/exams/pages/TeacherSettingsPage'), 'pages');
const TeacherPreviewPage = lazyPage(() => import('./features/exams/pages/TeacherPreviewPage'), 'pages');
const TeacherReviewPage = lazyPage(() => import('./features/exams/pages/TeacherReviewPage'), 'pages');
const StudentTestsPage = lazyPage(() => import('./features/exams/pages/StudentTestsPage'), 'pages');
const ImportFilePage = lazyPage(() => import('./features/exams/pages/ImportFilePage'), 'pages');
const TeacherBatchPage = lazyPage(() => import('./features/exams/pages/TeacherBatchPage'), 'pages');
const StudentOnTestingPage = lazyPage(() => import('./features/exams/pages/StudentOnTestingPage'), 'pages');
const StudentResultPage = lazyPage<{ kind?: 'result' | 'submit' | 'release' }>(
  () => import('./features/exams/pages/StudentResultPage'),
  'pages',
);
const StudentMistakesPage = lazyPage(() => import('./features/exams/pages/StudentMistakesPage'), 'pages');
const StudentMistakeDetailPage = lazyPage(() => import('./features/exams/pages/StudentMistakeDetailPage'), 'pages');
const StudentWeakPointsPage = lazyPage(() => import('./features/exams/pages/StudentWeakPointsPage'), 'pages');
const StudentPromotePage = lazyPage(() => import('./features/exams/pages/StudentPromotePage'), 'pages');
const StudentKnowledgePracticePage = lazyPage(() => import('./features/exams/pages/StudentKnowledgePracticePage'), 'pages');
const MyAllSettingPage = lazyPage(() => import('./features/institutions/pages/MyAllSettingPage'), 'pages');
const AddDataPage = lazyPage(() => import('./features/materials/pages/AddDataPage'), 'pages');
const DataIndexPage = lazyPage(() => import('./features/materials/pages/DataIndexPage'), 'pages');
const DirectoryPage = lazyPage(() => import('./features/materials/pages/DirectoryPage'), 'pages');
const FoldersPage = lazyPage(() => import('./features/materials/pages/FoldersPage'), 'pages');
const FilePreviewPage = lazyPage(() => import('./features/preview/pages/FilePreviewPage'), 'pages');
const GroupDetailsPage = lazyPage(() => import('./features/members/pages/GroupDetailsPage'), 'pages');
const GroupLeaderPage = lazyPage(() => import('./features/members/pages/GroupLeaderPage'), 'pages');
const GroupSettingsPage = lazyPage(() => import('./features/members/pages/GroupSettingsPage'), 'pages');
const MemberPage = lazyPage(() => import('./features/members/pages/MemberPage'), 'pages');
const MemberSettingPage = lazyPage(() => import('./features/members/pages/MemberSettingPage'), 'pages');
const NewGroupPage = lazyPage(() => import('./features/members/pages/NewGroupPage'), 'pages');
const NewTeamPage = lazyPage(() => import('./features/members/pages/NewTeamPage'), 'pages');
const RemoveStudentsPage = lazyPage(() => import('./features/members/pages/RemoveStudentsPage'), 'pages');
const SelectionGroupPage = lazyPage(() => import('./features/members/pages/SelectionGroupPage'), 'pages');
const StudentInfoPage = lazyPage(() => import('./features/members/pages/StudentInfoPage'), 'pages');
const SubGroupedPage = lazyPage(() => import('./features/members/pages/SubGroupedPage'), 'pages');
const UngroupPage = lazyPage(() => import('./features/members/pages/UngroupPage'), 'pages');
const KtpMessagePage = lazyPage(() => import('./features/messages/pages/KtpMessagePage'), 'pages');
const SchoolMsgPage = lazyPage(() => import('./features/messages/pages/SchoolMsgPage'), 'pages');
const AddressBooksPage = lazyPage(() => import('./features/chat/pages/AddressBooksPage'), 'pages');
const ChatPage = lazyPage(() => import('./features/chat/pages/ChatPage'), 'pages');
const ChatHistoryPage = lazyPage(() => import('./features/chat/pages/ChatHistoryPage'), 'pages');
const LivePage = lazyPage(() => import('./features/live/pages/LivePage'), 'pages');
const LiveQuestionPage = lazyPage(() => import('./features/live/pages/LiveQuestionPage'), 'pages');
const LiveAnswerSheetPage = lazyPage(() => import('./features/live/pages/LiveAnswerSheetPage'), 'pages');
const LiveAddTopicPage = lazyPage(() => import('./features/live/pages/LiveAddTopicPage'), 'pages');
const LiveSpeakHistoryPage = lazyPage(() => import('./features/live/pages/LiveSpeakHistoryPage'), 'pages');
const ShareLivePage = lazyPage(() => import('./features/live/pages/ShareLivePage'), 'pages');
const MeetingDetailPage = lazyPage(() => import('./features/meetings/pages/MeetingDetailPage'), 'pages');
const MeetingFormPage = lazyPage(() => import('./features/meetings/pages/MeetingFormPage'), 'pages');
const MeetingGoPage = lazyPage(() => import('./features/meetings/pages/MeetingGoPage'), 'pages');
const MeetingListPage = lazyPage(() => import('./features/meetings/pages/MeetingListPage'), 'pages');
const MeetingVideosPage = lazyPage(() => import('./features/meetings/pages/MeetingVideosPage'), 'pages');
const MeetingRoomsPage = lazyPage(() => import('./features/meetings/pages/MeetingRoomsPage'), 'pages');
const MeetingRoomPage = lazyPage(() => import('./features/meetings/pages/MeetingRoomPage'), 'pages');
const AddNoticePage = lazyPage(() => import('./features/notices/pages/AddNoticePage'), 'pages');
const NoticeDetailPage = lazyPage(() => import('./features/notices/pages/NoticeDetailPage'), 'pages');
const VipManagementPage = lazyPage(() => import('./features/vip/pages/VipManagementPage'), 'pages');
const VipInstructionPage = lazyPage(() => import('./features/vip/pages/VipInstructionPage'), 'pages');
const PaySandboxPage = lazyPage(() => import('./features/vip/pages/PaySandboxPage'), 'pages');
const AdminPage = lazyPage(() => import('./features/admin/pages/AdminPage'), 'pages');
const KtpMyPage = lazyPage(() => import('./features/personal/pages/KtpMyPage'), 'pages');
const MyInfoDetailPage = lazyPage(() => import('./features/personal/pages/MyInfoDetailPage'), 'pages');
const InfoModifyPage = lazyPage(() => import('./features/personal/pages/InfoModifyPage'), 'pages');
// the crop library comes with this page only
const AvatarPage = lazyPage(() => import('./features/personal/pages/AvatarPage'), 'pages');
const ScoreDetailPage = lazyPage(() => import('./features/scores/pages/ScoreDetailPage'), 'pages');
const ScorePage = lazyPage(() => import('./features/scores/pages/ScorePage'), 'pages');
const SetScorePage = lazyPage(() => import('./features/scores/pages/SetScorePage'), 'pages');
const NotFoundPage = lazyPage(() => import('./features/shell/pages/NotFoundPage'));
const TabPlaceholderPage = lazyPage(() => import('./features/shell/pages/TabPlaceholderPage'));
const TodoListPage = lazyPage(() => import('./features/todos/pages/TodoListPage'), 'pages');
const AddTopicPage = lazyPage(() => import('./features/topics/pages/AddTopicPage'), 'pages');
const TopicDetailPage = lazyPage(() => import('./features/topics/pages/TopicDetailPage'), 'pages');

/** The pages built so far, by route-table path. Every other route shows the not-available page. */
// the shell's own rarer screens are chunks too: the tab bar is not part of /login, nor error pages of any first load
const HomeShell = lazyPage(() => import('./features/shell/components/HomeShell'));
const NotAvailablePage = lazyPage<{ area: RouteArea; path?: string }>(() =>
  import('./components/NotAvailable').then((m) => ({ default: m.NotAvailablePage })),
);
const ShellNotAvailable = lazyPage<{ route: RouteDef }>(() =>
  import('./components/NotAvailable').then((m) => ({ default: m.ShellNotAvailable })),
);
// not through reloadOnce: the error page must show even when chunks fail; a failure here falls back to a plain reload link
const RouteErrorPage = lazy(() =>
  import('./components/RouteErrorPage').then(
    (m) => ({ default: m.RouteErrorPage }),
    () => ({ default: BareErrorPage }),
  ),
);

/** The error page when even its own code cannot be fetched: no antd-mobile, words in the loaded language. */
function BareErrorPage() {
  return (
    <div className="page page-loading" data-testid="chunk-error-page">
      <p>{i18n.t('common.chunkErrorTitle')}</p>
      <button type="button" onClick={() => window.location.reload()} data-testid="route-error-reload">
        {i18n.t('common.retry')}
      </button>
    </div>
  );
}

const pages: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/loggingIn': LoggingInPage,
  '/preLogin': LoggingInPage,
  '/todoLogin': LoggingInPage,
  '/register': RegisterPage,
  '/loginVerify': LoginVerifyPage,
  '/findPassword': FindPasswordPage,
  '/bindWechat': BindWechatPage,
  '/accoundNumberInfo': AccoundNumberInfoPage,
  '/NotFound': NotFoundPage,
  // chat (spec 1 §2; issue 27)
  '/addressBooks': AddressBooksPage,
  '/chat': ChatPage,
  '/ChatHistory': ChatHistoryPage,
  '/ktpMy': KtpMyPage,
  // the personal centre: profile, its editors, the avatar, settings (spec 1 §2, §5, §6)
  '/myInfoDetail': MyInfoDetailPage,
  '/infoModify': InfoModifyPage,
  '/avatar': AvatarPage,
  '/myAllSetting': MyAllSettingPage,
  // VIP, orders and the sandbox payment page (spec 1 §2, §6, §9; issue 28)
  '/vipManagement': VipManagementPage,
  '/vipManagement/instruction': VipInstructionPage,
  '/paySandbox': PaySandboxPage,
  // the operators' admin page (issue 28, decision 053)
  '/admin': AdminPage,
  // courses (spec 1 §2 course list and course management)
  '/ktpCourse': CourseListPage,
  '/newCourse': NewCoursePage,
  '/createCourseFromDemo': CreateCourseFromDemoPage,
  '/seniorSetting': SeniorSettingPage,
  '/chooseCourseModule': ChooseCourseModulePage,
  '/CourseHome': CourseHomePage,
  '/courseHome': CourseHomePage,
  '/joinCourse': JoinCoursePage,
  '/joinCourses': JoinCoursePage,
  '/studentEnrollCourseDetail': StudentEnrollCourseDetailPage,
  '/enrollReview': EnrollReviewPage,
  '/enrollDetail': EnrollDetailPage,
  '/courseEnrollInfo': CourseEnrollInfoPage,
  '/filedCourse': FiledCoursePage,
  '/AllReachingActivityModules': AllReachingActivityModulesPage,
  '/courseIntro': CourseIntroPage,
  '/courseDoor': CourseDoorPage,
  '/course': CoursePage,
  '/courseInfo': CourseInfoPage,
  '/ShareClass': ShareClassPage,
  // members, teaching team, administrative classes and groups (spec 1 §2 /member and its sub-routes)
  '/member': MemberPage,
  '/member/remove': RemoveStudentsPage,
  '/member/studentInfo/studentInfo': StudentInfoPage,
  '/member/newTeam': NewTeamPage,
  '/member/memberSetting': MemberSettingPage,
  '/member/groupSettings': GroupSettingsPage,
  '/member/groupDetails': GroupDetailsPage,
  '/member/groupDetails/subGrouped': SubGroupedPage,
  '/member/newGroup': NewGroupPage,
  '/member/SelectionGroup': SelectionGroupPage,
  '/member/Ungroup': UngroupPage,
  '/member/groupLeader': GroupLeaderPage,
  // course materials and the content catalogue (spec 2 §2 /dataIndex, /folders, /addActivity/data|directory)
  '/dataIndex': DataIndexPage,
  '/addActivity/data': AddDataPage,
  '/folders': FoldersPage,
  '/addActivity/directory': DirectoryPage,
  // interactive courseware (spec 2 §2 /courseware/detail, /courseware/startLearning, /addActivity/courseware; issue 15)
  '/courseware/detail': CoursewareDetailPage,
  '/courseware/startLearning': StartLearningPage,
  '/addActivity/courseware': AddCoursewarePage,
  // a class's review of a courseware shown on the classroom screen (spec 2 §2 /reviewCourseWare; decision 025)
  '/reviewCourseWare': ReviewCourseWarePage,
  // interactive answers (spec 2 §2 /InteractiveAnswers/detailTeacher|detail|answer, /addActivity/interactiveAnswers; issue 15)
  '/InteractiveAnswers/detailTeacher': InteractTeacherPage,
  '/InteractiveAnswers/detail': InteractStudentPage,
  '/InteractiveAnswers/answer': AnswerStepPage,
  '/addActivity/interactiveAnswers': AddInteractPage,
  // answer review (spec 2 §2 "further interactive answer screens", /reviewAnswer; issue 15, decision 022)
  '/InteractiveAnswers/preview': InteractPreviewPage,
  '/InteractiveAnswers/questionExhibition': QuestionExhibitionPage,
  '/InteractiveAnswers/success': InteractSuccessPage,
  '/InteractiveAnswers/answerResults': AnswerResultsPage,
  '/reviewAnswer': ReviewAnswerPage,
  '/InteractiveAnswers/reviewAnswerDetail': ReviewAnswerDetailPage,
  // stars awarded in class and the star log (spec 2 §2 /representation/performanceStatistics, /representation/starlog; issue 15)
  '/representation/performanceStatistics': PerformanceStatisticsPage,
  '/representation/starlog': StarLogPage,
  // class records (spec 2 §2 /analysis/detail; issue 15, decision 023)
  '/analysis/detail': AnalysisDetailPage,
  // analysis pages (spec 2 §2 /analysis/studyAnalysis, bulletChatDetail, classNotesDetails; decision 023)
  '/analysis/studyAnalysis': StudyAnalysisPage,
  '/analysis/bulletChatDetail': BulletChatDetailPage,
  '/analysis/classNotesDetails': ClassNotesDetailsPage,
  // a file as page images (issue 12): materials, homework and submissions open it
  '/filePreview': FilePreviewPage,
  // course notices and topics with comments (spec 2 §2 /noticeDetail, /topicDetail, /addActivity/notice|topic)
  '/noticeDetail': NoticeDetailPage,
  '/addActivity/notice': AddNoticePage,
  // lives (issue 26; spec 2 §2 Live): the course's lives and one live's room
  '/onlineLive': LivePage,
  // the class on the stream (issue 26, decision 040): questions, the answer sheet, topics, speaking history
  '/onlineLive/question': LiveQuestionPage,
  '/onlineLive/question/answerSheet': LiveAnswerSheetPage,
  '/onlineLive/addTopic': LiveAddTopicPage,
  '/onlineLive/speakHistory': LiveSpeakHistoryPage,
  // a live shared by link, without login (spec 1 §2, spec 2 §2 /ShareLive)
  '/ShareLive': ShareLivePage,
  // third-party meetings (issue 26; spec 2 §2 Meetings)
  '/conference': MeetingListPage,
  '/conference/go': MeetingGoPage,
  '/conference/videoList': MeetingVideosPage,
  // the built-in small meeting (decision 041)
  '/conference/rooms': MeetingRoomsPage,
  '/conference/room': MeetingRoomPage,
  '/addActivity/conference': MeetingFormPage,
  '/editConference': MeetingFormPage,
  '/conferenceDetailPage': MeetingDetailPage,
  '/topicDetail': TopicDetailPage,
  '/addActivity/topic': AddTopicPage,
  // homework: list, the homework, submit, follow, grade, return, share, expedite (spec 2 §2 Homework routes, issue #5)
  '/homework': HomeworkPage,
  '/homework/discussDetail': DiscussDetailPage,
  '/addActivity/task': AddTaskPage,
  '/homework/stuUserList': StuUserListPage,
  '/homework/filter': StuUserListPage,
  '/homework/stuWorkDetail': StuWorkDetailPage,
  '/homework/repulse': RepulsePage,
  '/homework/stuWorkSubmit': StuWorkSubmitPage,
  '/homework/stuWorkHistory': StuWorkHistoryPage,
  '/homework/stuWorkShareList': StuWorkShareListPage,
  '/homework/classmatesWork': ClassmatesWorkPage,
  '/homework/call': CallPage,
  // peer review, duplicate-check reports and the course score book (spec 2 §2 Homework routes and Scores, issue #5)
  '/homework/reviewDetail': ReviewDetailPage,
  '/homework/recheckRules': RecheckRulesPage,
  '/homework/rechecking': RecheckingPage,
  '/homework/repeat': RepeatPage,
  '/score': ScorePage,
  '/scoreDetail': ScoreDetailPage,
  '/setScore': SetScorePage,
  // the spec's second addresses of built pages
  '/addActivity/score': () => <Alias to="/setScore" />,
  '/homeworkDetail': () => <Alias to="/homework" />,
  // tests: the teacher's list and question bank, papers, settings, preview, review (spec 2 §2 Tests routes, issue 14)
  '/testing/detail': TeacherTestsPage,
  '/testing/create': TeacherPaperPage,
  '/testing/update': TeacherPaperPage,
  '/testing/settings': TeacherSettingsPage,
  '/testing/preview': TeacherPreviewPage,
  '/testing/review': TeacherReviewPage,
  // tests: a student's list and test, taking a paper, results (spec 2 §2 Tests routes, issue 14)
  '/testing/stu/detail': StudentTestsPage,
  '/courseware/importFile': ImportFilePage,
  '/testing/batch': TeacherBatchPage,
  '/testing/ontesting': StudentOnTestingPage,
  '/testing/testingresult': StudentResultPage,
  '/testing/submitresult': () => <StudentResultPage kind="submit" />,
  '/testing/releaseresult': () => <StudentResultPage kind="release" />,
  '/testing/weakKnowlegePoints': StudentWeakPointsPage,
  '/testing/promoteKnowlegePoints': StudentPromotePage,
  '/testing/knowledgePractice': StudentKnowledgePracticePage,
  '/sets/mistakes/list': StudentMistakesPage,
  '/sets/mistakes/detail': StudentMistakeDetailPage,
  // attendance: teachers start and run it, students check in (spec 2 §2 Attendance routes, issue 13)
  '/checkIn/teacherCheckinIndex': TeacherCheckinIndexPage,
  '/checkIn/teaCheckinAdd': TeaCheckinAddPage,
  '/checkIn/teaCheckinPage': TeaCheckinPage,
  '/checkIn/teaCheckinDetail': TeaCheckinDetailPage,
  '/checkIn/teaCheckinEdit': TeaCheckinEditPage,
  '/checkIn/studentCheckinIndex': StudentCheckinIndexPage,
  '/checkIn/studentNumber': StudentNumberPage,
  '/checkIn/studentGPS': StudentGPSPage,
  '/checkIn/checkinSuccess': CheckinSuccessPage,
  '/checkIn/fail': CheckinFailPage,
  '/checkIn/checkinCodeResult': CheckinCodeResultPage,
  '/checkIn/counselorCheckin': CounselorCheckinPage,
  '/checkIn/counselorAdminClassCheckin': CounselorCheckinPage,
  // the class's slides on the classroom screen and the phones, and the remote controller (issue 15)
  '/courseware/inClass': InClassPage,
  '/remoteController': RemoteControllerPage,
  '/documentView/interactpptSubjectLists': SlideQuestionsPage,
  // to-dos, the home page and message notices (spec 1 §2 home shell)
  '/todoList': TodoListPage,
  '/index': HomePage,
  '/ktpStudentHome': HomePage,
  '/ktpMessage': KtpMessagePage,
  '/schoolmsg': SchoolMsgPage,
};

const isTab = (path: string): path is TabPath => (TABS as readonly string[]).includes(path);

const builtPaths = new Set(Object.keys(pages).map((path) => path.toLowerCase()));

/**
 * Whether an address (with or without its query) opens a built page. The `pages` table above is the
 * one list of what is built: a tab or a course-home tile whose page is not in it is hidden or marked
 * "coming" (docs/decisions/015-areas-not-built.md), and drops that mark as soon as its page is added.
 */
export function hasPage(address: string): boolean {
  return builtPaths.has(address.split(/[?#]/)[0]!.toLowerCase());
}

/** Pages that check their course even when the address has no courseRole (the course home and its information). */
const ALWAYS_CHECKED = ['/coursehome', '/courseinfo'];

/**
 * Every page goes through the route-wide course check (spec 1 §5, spec 2 §2): see CourseCheck. A page
 * outside the tabs' shell (which has its own) is the document's main landmark (issue 25, axe-core); the
 * element takes no box of its own, so no page's layout changes.
 */
function elementFor(route: RouteDef, main = false) {
  const page = (
    <CourseCheck always={ALWAYS_CHECKED.includes(route.path.toLowerCase())}>
      <Suspense fallback={<PageLoading />}>{pageFor(route)}</Suspense>
    </CourseCheck>
  );
  return main ? <main className="route-main">{page}</main> : page;
}

function pageFor(route: RouteDef) {
  const Page = pages[route.path];
  if (Page) return <Page />;
  if (route.tab && isTab(route.path)) return <TabPlaceholderPage path={route.path} />;
  if (route.tab) return <ShellNotAvailable route={route} />;
  return <NotAvailablePage area={route.area} path={route.path} />;
}

/** Route-table paths once each: the router matches without regard to case, like the server. */
function uniqueRoutes() {
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = route.path.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function Root() {
  return (
    <AuthGate>
      <Outlet />
      {/* a new page opens at its top; going back returns to where the page was left */}
      <ScrollRestoration />
    </AuthGate>
  );
}

/** `/`: the course list, or for a visitor not logged in the login page itself, not a "log in first?" dialog (issue 25). */
function HomeRedirect() {
  const token = useAuth((s) => s.token);
  return <Navigate to={token ? DEFAULT_TAB : '/login'} replace />;
}

export function buildRoutes(): RouteObject[] {
  const table = uniqueRoutes();
  return [
    {
      element: <Root />,
      errorElement: (
        <Suspense fallback={<PageLoading />}>
          <RouteErrorPage />
        </Suspense>
      ),
      children: [
        { path: '/', element: <HomeRedirect /> },
        {
          element: (
            <Suspense fallback={<PageLoading />}>
              <HomeShell />
            </Suspense>
          ),
          children: table.filter((route) => route.tab).map((route) => ({ path: route.path, element: elementFor(route) })),
        },
        ...table.filter((route) => !route.tab).map((route) => ({ path: route.path, element: elementFor(route, true) })),
        { path: '*', element: <Navigate to="/NotFound" replace /> },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
