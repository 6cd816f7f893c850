/**
 * Hand-picked chunks for the modules the first pages share (decision 050, "Second round").
 *
 * Left to itself, Rolldown gives every module that two lazy chunks share its own file: `/login` came in
 * 35 files, `/ktpCourse` in 51, many of them a few hundred bytes, and each file costs its own gzip
 * header, dictionary warm-up and import boilerplate. These groups merge the small shared modules the
 * way the pages use them. A page that needs one module of a group loads the whole group, so each group
 * holds only what goes together: the antd-mobile basics nearly every page renders, the form widgets,
 * the account pages' parts, the home shell, the navigation bar, the course list's parts.
 *
 * Each group takes only the modules it names (`includeDependenciesRecursively: false`): a module's
 * dependencies stay wherever Rolldown puts them, so a group never drags the entry's code or a page's
 * other imports with it.
 */

/** `a/b/c` as a pattern that accepts either path separator. */
const path = (p: string) => p.replaceAll('/', '[\\\\/]');
const any = (names: string[]) => `(?:${names.join('|')})`;

/** antd-mobile components, by folder. */
const components = (names: string[]) => path(`antd-mobile/es/components/${any(names)}/`);
/** antd-mobile's own helpers, by file name. */
const utils = (names: string[]) => path(`antd-mobile/es/utils/${any(names)}\\.js$`);
/** antd-mobile-icons, by name. */
const icons = (names: string[]) => path(`antd-mobile-icons/es/${any(names)}\\.js$`);
/** The web app's own modules, by path under `apps/web/src` without extension. */
const app = (names: string[]) => path(`apps/web/src/${any(names)}\\.tsx?$`);

const pattern = (parts: string[]) => new RegExp(parts.join('|'));

export interface ChunkGroup {
  name: string;
  test: RegExp;
  includeDependenciesRecursively: false;
}

const group = (name: string, parts: string[]): ChunkGroup => ({
  name,
  test: pattern(parts),
  includeDependenciesRecursively: false,
});

export const chunkGroups: ChunkGroup[] = [
  // what almost every page renders: buttons, inputs, skeletons, and the helpers they share
  group('ui', [
    components(['button', 'input', 'skeleton', 'dot-loading']),
    utils([
      'attach-properties-to-component',
      'with-default-props',
      'use-props-value',
      'dev-log',
      'bound',
      'validate',
      'generate-int-array',
    ]),
    path('ahooks/es/(?:useUpdate|useMemoizedFn)/'),
    path('ahooks/es/utils/index\\.js$'),
    icons(['CloseCircleFill']),
    // the one <svg> wrapper every icon calls (build/slimIcons.ts)
    'paiclass-svg-icon',
  ]),
  // the form widgets: text fields with their errors, the submit button, checkboxes
  group('forms', [
    components(['checkbox']),
    icons(['ExclamationCircleFill', 'EyeOutline', 'EyeInvisibleOutline']),
    app(['components/TextField', 'components/SubmitButton', 'components/FormError', 'lib/useFormErrors']),
  ]),
  // the account pages' shared parts (login, register, find password, verify)
  group('accounts', [
    app([
      'features/accounts/components/(?:CodeField|PasswordField|SendCodeButton|LoggingInOverlay|WechatIcon)',
      'features/accounts/hooks/(?:useCompleteLogin|useCountdown|useSchoolConfig|useSendCode)',
      'features/accounts/postLogin',
    ]),
  ]),
  // the home shell: its tab bar, badges and tab icons
  group('shell', [
    app(['features/shell/tabs', 'features/shell/components/HomeShell']),
    components(['badge', 'tab-bar', 'safe-area']),
    // (without react-is: build/reactIsFragment.ts gives traverse-react-node React 19's fragment test)
    utils(['traverse-react-node']),
    icons(['AppOutline', 'FileOutline', 'MessageOutline', 'TeamOutline', 'UnorderedListOutline', 'UserOutline']),
  ]),
  // the navigation bar and tabs most pages open with, the search bar, the arrows
  group('nav', [
    app(['components/PageNavBar', 'components/LightTabs', 'lib/antdRender']),
    components(['search-bar']),
    utils(['unstable-render']),
    icons(['LeftOutline', 'RightOutline', 'MoreOutline', 'SearchOutline', 'DownOutline', 'UpOutline']),
  ]),
  // the chat sessions' calls and socket, which the shell reads for the message tab's badge
  group('chat', [
    app(['features/chat/api', 'features/chat/chatSocket']),
    path('packages/shared/src/chat/(?:calls|constants)\\.ts$'),
  ]),
  // the classroom socket and the connection banner of the pages that follow a class live
  group('liveSocket', [
    app(['lib/socket', 'components/LiveConnection', 'features/messages/api']),
    path('packages/shared/src/notices/calls\\.ts$'),
  ]),
  // the course list's parts (the page itself stays its own chunk)
  group('courseList', [
    app([
      'features/courses/components/(?:CourseCard|ClassStateBanner)',
      'features/courses/(?:classState|grouping|hooks/useCourseList)',
      'features/institutions/(?:attestPrompt|api|components/AttestPrompt)',
      'features/notices/(?:api|paths|components/UnreadNoticeDialog)',
      'features/home/components/HomeIcon',
    ]),
    path('packages/shared/src/institutions/calls\\.ts$'),
    icons(['ScanCodeOutline', 'AddCircleOutline', 'FolderOutline', 'SystemQRcodeOutline']),
  ]),
];
