import { DEFAULT_TAB, type RouteDef, routes, TABS } from '@paiclass/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { Alias } from './components/Alias';
import { areaName, NotAvailableBlock, NotAvailablePage } from './components/NotAvailable';
import { PageNavBar } from './components/PageNavBar';
import { RouteErrorPage } from './components/RouteErrorPage';
import { AuthGate } from './features/accounts/components/AuthGate';
import { CourseCheck } from './features/courses/components/CourseCheck';
import AccoundNumberInfoPage from './features/accounts/pages/AccoundNumberInfoPage';
import BindWechatPage from './features/accounts/pages/BindWechatPage';
import FindPasswordPage from './features/accounts/pages/FindPasswordPage';
import LoggingInPage from './features/accounts/pages/LoggingInPage';
import LoginPage from './features/accounts/pages/LoginPage';
import LoginVerifyPage from './features/accounts/pages/LoginVerifyPage';
import RegisterPage from './features/accounts/pages/RegisterPage';
import AllReachingActivityModulesPage from './features/courses/pages/AllReachingActivityModulesPage';
import ChooseCourseModulePage from './features/courses/pages/ChooseCourseModulePage';
import CourseEnrollInfoPage from './features/courses/pages/CourseEnrollInfoPage';
import CourseHomePage from './features/courses/pages/CourseHomePage';
import CourseIntroPage from './features/courses/pages/CourseIntroPage';
import CourseInfoPage from './features/courses/pages/CourseInfoPage';
import CourseListPage from './features/courses/pages/CourseListPage';
import CoursePage from './features/courses/pages/CoursePage';
import CourseDoorPage from './features/courses/pages/CourseDoorPage';
import CreateCourseFromDemoPage from './features/courses/pages/CreateCourseFromDemoPage';
import EnrollDetailPage from './features/courses/pages/EnrollDetailPage';
import EnrollReviewPage from './features/courses/pages/EnrollReviewPage';
import FiledCoursePage from './features/courses/pages/FiledCoursePage';
import JoinCoursePage from './features/courses/pages/JoinCoursePage';
import NewCoursePage from './features/courses/pages/NewCoursePage';
import SeniorSettingPage from './features/courses/pages/SeniorSettingPage';
import ShareClassPage from './features/courses/pages/ShareClassPage';
import StudentEnrollCourseDetailPage from './features/courses/pages/StudentEnrollCourseDetailPage';
import HomePage from './features/home/pages/HomePage';
import RecheckingPage from './features/homework/recheck/pages/RecheckingPage';
import RecheckRulesPage from './features/homework/recheck/pages/RecheckRulesPage';
import RepeatPage from './features/homework/recheck/pages/RepeatPage';
import ReviewDetailPage from './features/homework/review/pages/ReviewDetailPage';
import AddTaskPage from './features/homework/pages/AddTaskPage';
import CallPage from './features/homework/pages/CallPage';
import HomeworkPage from './features/homework/pages/HomeworkPage';
import RepulsePage from './features/homework/pages/RepulsePage';
import StuUserListPage from './features/homework/pages/StuUserListPage';
import StuWorkDetailPage from './features/homework/pages/StuWorkDetailPage';
import StuWorkHistoryPage from './features/homework/pages/StuWorkHistoryPage';
import DiscussDetailPage from './features/homework/pages/DiscussDetailPage';
import StuWorkShareListPage from './features/homework/pages/StuWorkShareListPage';
import StuWorkSubmitPage from './features/homework/pages/StuWorkSubmitPage';
import MyAllSettingPage from './features/institutions/pages/MyAllSettingPage';
import AddDataPage from './features/materials/pages/AddDataPage';
import DataIndexPage from './features/materials/pages/DataIndexPage';
import DirectoryPage from './features/materials/pages/DirectoryPage';
import FoldersPage from './features/materials/pages/FoldersPage';
import GroupDetailsPage from './features/members/pages/GroupDetailsPage';
import GroupLeaderPage from './features/members/pages/GroupLeaderPage';
import GroupSettingsPage from './features/members/pages/GroupSettingsPage';
import MemberPage from './features/members/pages/MemberPage';
import MemberSettingPage from './features/members/pages/MemberSettingPage';
import NewGroupPage from './features/members/pages/NewGroupPage';
import NewTeamPage from './features/members/pages/NewTeamPage';
import RemoveStudentsPage from './features/members/pages/RemoveStudentsPage';
import SelectionGroupPage from './features/members/pages/SelectionGroupPage';
import StudentInfoPage from './features/members/pages/StudentInfoPage';
import SubGroupedPage from './features/members/pages/SubGroupedPage';
import UngroupPage from './features/members/pages/UngroupPage';
import KtpMessagePage from './features/messages/pages/KtpMessagePage';
import SchoolMsgPage from './features/messages/pages/SchoolMsgPage';
import AddNoticePage from './features/notices/pages/AddNoticePage';
import NoticeDetailPage from './features/notices/pages/NoticeDetailPage';
import KtpMyPage from './features/personal/pages/KtpMyPage';
import ScoreDetailPage from './features/scores/pages/ScoreDetailPage';
import ScorePage from './features/scores/pages/ScorePage';
import SetScorePage from './features/scores/pages/SetScorePage';
import HomeShell from './features/shell/components/HomeShell';
import NotFoundPage from './features/shell/pages/NotFoundPage';
import TabPlaceholderPage from './features/shell/pages/TabPlaceholderPage';
import type { TabPath } from './features/shell/tabs';
import TodoListPage from './features/todos/pages/TodoListPage';
import AddTopicPage from './features/topics/pages/AddTopicPage';
import TopicDetailPage from './features/topics/pages/TopicDetailPage';

/** The pages built so far, by route-table path. Every other route shows the not-available page. */
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
  '/ktpMy': KtpMyPage,
  // personal centre settings: institution authentication; its other screens are not available yet (spec 1 §2, §5)
  '/myAllSetting': MyAllSettingPage,
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
  // course notices and topics with comments (spec 2 §2 /noticeDetail, /topicDetail, /addActivity/notice|topic)
  '/noticeDetail': NoticeDetailPage,
  '/addActivity/notice': AddNoticePage,
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
  // to-dos, the home page and message notices (spec 1 §2 home shell)
  '/todoList': TodoListPage,
  '/index': HomePage,
  '/ktpStudentHome': HomePage,
  '/ktpMessage': KtpMessagePage,
  '/schoolmsg': SchoolMsgPage,
};

const isTab = (path: string): path is TabPath => (TABS as readonly string[]).includes(path);

/** A shell child that is not one of the bottom tabs and not built yet. */
function ShellNotAvailable({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className="page tab-page" data-testid="not-available-page">
      <PageNavBar title={areaName(t, route.area)} />
      <div className="page-body page-center">
        <NotAvailableBlock area={route.area} />
      </div>
    </div>
  );
}

/** Pages that check their course even when the address has no courseRole (the course home and its information). */
const ALWAYS_CHECKED = ['/coursehome', '/courseinfo'];

/** Every page goes through the route-wide course check (spec 1 §5, spec 2 §2): see CourseCheck. */
function elementFor(route: RouteDef) {
  return <CourseCheck always={ALWAYS_CHECKED.includes(route.path.toLowerCase())}>{pageFor(route)}</CourseCheck>;
}

function pageFor(route: RouteDef) {
  const Page = pages[route.path];
  if (Page) return <Page />;
  if (route.tab && isTab(route.path)) return <TabPlaceholderPage path={route.path} />;
  if (route.tab) return <ShellNotAvailable route={route} />;
  return <NotAvailablePage area={route.area} />;
}

/** Route-table paths once each: react-router matches without regard to case, like the server. */
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

export function buildRoutes(): RouteObject[] {
  const table = uniqueRoutes();
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <Navigate to={DEFAULT_TAB} replace /> },
        {
          element: <HomeShell />,
          children: table.filter((route) => route.tab).map((route) => ({ path: route.path, element: elementFor(route) })),
        },
        ...table.filter((route) => !route.tab).map((route) => ({ path: route.path, element: elementFor(route) })),
        { path: '*', element: <Navigate to="/NotFound" replace /> },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
