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
  '/todoList': ['partial', 'tab with an empty state (e2e accounts/shell); to-dos are issue #4'],
  '/ktpCourse': ['partial', 'default tab with an empty state (e2e accounts/shell); courses are issue #3'],
  '/final': ['partial', 'tab shown to students only, hot flag, empty state (e2e accounts/shell)'],
  '/ktpMessage': ['partial', 'tab with an empty state (e2e accounts/shell)'],
};

console.log('| route | status | shown by / note |');
console.log('|---|---|---|');
for (const r of routes) {
  const [status, note] = built[r.path] ?? ['not yet', r.issue ? `issue #${r.issue}` : 'no issue yet'];
  console.log(`| \`${r.path}\` | ${status} | ${note}${r.public ? ' (public page)' : ''} |`);
}
