// Prints the route half of docs/spec-coverage.md from the shared route table, so the list of routes
// cannot drift from what the router knows. Statuses of built pages are listed here, by path.
import { routes } from '../packages/shared/src/routes';

const built: Record<string, [string, string]> = {
  '/login': ['done', 'e2e accounts/register-student, fast-login, forgot-password, weak-password'],
  '/loggingIn': ['done', 'e2e accounts/fast-login (holding screen during login)'],
  '/preLogin': ['done', 'runs the spec 1 §4 login start, as /loggingIn'],
  '/todoLogin': ['done', 'runs the spec 1 §4 login start, as /loggingIn'],
  '/register': ['done', 'e2e accounts/register-student (normal), fast-login (fast path, userCount)'],
  '/loginVerify': ['done', 'e2e accounts/register-student'],
  '/findPassword': ['done', 'e2e accounts/forgot-password'],
  '/bindWechat': ['partial', 'flow tested with a fake WeChat provider (binding.test.ts); a real scan needs WeChat credentials'],
  '/accoundNumberInfo': ['done', 'bind=email|mobile|password: binding.test.ts, e2e accounts/weak-password; bind=wechat partial as /bindWechat'],
  '/NotFound': ['done', 'e2e accounts/shell'],
  '/ktpMy': ['partial', 'name, avatar, role, language, logout, account links (e2e accounts/register-student); the rest of the personal centre is not yet'],
  '/teachingAndResearchOffice': ['partial', 'tab shown to teachers only with an empty state (e2e accounts/shell); the office is not yet'],
  '/todoList': ['done', 'course filter popup, infinite scroll, mark finished after confirming, ignore (e2e todos/todo-list)'],
  '/ktpCourse': ['partial', 'course list: tabs, semester groups, search, pin, drag to reorder, code popup with QR, action sheets, archive (e2e courses/*); the unread-announcement dialog (e2e notices/publish-read); the live banner and live labels wait for the live area'],
  '/newCourse': ['done', 'e2e courses/create-course, course-home (edit with id)'],
  '/seniorSetting': ['done', 'e2e courses/create-course, enrol-review'],
  '/chooseCourseModule': ['done', 'e2e courses/create-course'],
  '/courseHome': ['partial', 'role routing, ended-course dialog, teacher settings (e2e courses/course-home, join-course); its content menus open later issues\' areas'],
  '/CourseHome': ['partial', 'as /courseHome'],
  '/joinCourse': ['done', 'e2e courses/join-course'],
  '/joinCourses': ['done', 'QR link, with the login-first round trip (e2e courses/join-course)'],
  '/studentEnrollCourseDetail': ['done', 'e2e courses/enrol-review'],
  '/enrollReview': ['done', 'e2e courses/enrol-review'],
  '/enrollDetail': ['done', 'e2e courses/enrol-review'],
  '/courseEnrollInfo': ['done', 'read-only settings summary'],
  '/filedCourse': ['done', 'e2e courses/archive-restore'],
  '/member': ['done', 'students, teaching team, groupings tabs (e2e members/manage-members, groups, english)'],
  '/member/remove': ['done', 'e2e members/manage-members'],
  '/member/studentInfo/studentInfo': ['done', 'e2e members/manage-members'],
  '/member/newTeam': ['done', 'e2e members/manage-members'],
  '/member/groupSettings': ['done', 'e2e members/groups'],
  '/member/groupDetails': ['done', 'e2e members/groups'],
  '/member/groupDetails/subGrouped': ['done', 'e2e members/groups'],
  '/member/newGroup': ['done', 'e2e members/groups'],
  '/member/SelectionGroup': ['done', 'e2e members/groups'],
  '/member/groupLeader': ['done', 'e2e members/groups'],
  '/member/Ungroup': ['done', 'e2e members/groups'],
  '/member/memberSetting': ['done', 'e2e members/member-setting-portal'],
  '/AllReachingActivityModules': ['done', 'e2e members/modules-intro'],
  '/courseIntro': ['done', 'e2e members/modules-intro'],
  '/courseDoor': ['done', 'public portal (e2e members/member-setting-portal)'],
  '/final': ['partial', 'tab shown to students only, hot flag, empty state (e2e accounts/shell)'],
  '/ktpMessage': ['partial', 'message-notice and to-do entries with counts (e2e home/messages); chat sessions wait for the chat area'],
  '/index': ['partial', 'carousel, quick buttons by role, to-do tab (3), course banner (e2e home/home); the playground, course square and recommended courses wait for their areas'],
  '/ktpStudentHome': ['partial', 'as /index'],
  '/schoolmsg': ['done', 'message notices: unread, open, ignore, ignore all, appeal text (e2e home/messages)'],
  '/noticeDetail': ['done', 'list and detail with read tag, who has read, edit, delete (e2e notices/publish-read, english)'],
  '/topicDetail': ['done', 'topics, comments with replies, likes, deletion, student topics switch (e2e topics/topic-comments)'],
  '/dataIndex': ['done', 'materials, MOOC video, links, folders, download permission, learning statistics (e2e materials/*)'],
  '/folders': ['done', 'the catalogue by directory, every type with its label (e2e materials/catalogue-folders)'],
  '/addActivity/data': ['done', 'chunked upload with resume, MOOC video, link, publish now / at a time / draft (e2e materials/upload-download, video-link-drafts)'],
  '/addActivity/notice': ['done', 'rich-text editor, empty refused (e2e notices/publish-read)'],
  '/addActivity/topic': ['done', 'e2e topics/topic-comments'],
  '/addActivity/directory': ['done', 'add, rename, delete directories (e2e materials/catalogue-folders)'],
  '/addActivity/endTime': ['partial', 'end times are set from the item menu of /dataIndex (e2e materials/catalogue-folders); the route itself is not a page'],
};

console.log('| route | status | shown by / note |');
console.log('|---|---|---|');
for (const r of routes) {
  const [status, note] = built[r.path] ?? ['not yet', r.issue ? `issue #${r.issue}` : 'no issue yet'];
  console.log(`| \`${r.path}\` | ${status} | ${note}${r.public ? ' (public page)' : ''} |`);
}
