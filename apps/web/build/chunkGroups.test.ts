import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkGroups } from './chunkGroups';

const require = createRequire(import.meta.url);
const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const antd = dirname(require.resolve('antd-mobile/package.json'));
const antdIcons = dirname(require.resolve('antd-mobile-icons/package.json'));

/** The group a module id falls in, by name; undefined when none takes it. */
const groupOf = (id: string) => chunkGroups.filter((g) => g.test.test(id)).map((g) => g.name);

// one module of each kind each group is meant to take, as real files: a rename upstream or here
// would otherwise quietly send the module back to a file of its own
const samples: Array<[string, string]> = [
  [join(antd, 'es/components/button/button.js'), 'ui'],
  [join(antd, 'es/components/input/input.js'), 'ui'],
  [join(antd, 'es/components/skeleton/skeleton.js'), 'ui'],
  [join(antd, 'es/components/dot-loading/dot-loading.js'), 'ui'],
  [join(antd, 'es/utils/with-default-props.js'), 'ui'],
  [join(antdIcons, 'es/CloseCircleFill.js'), 'ui'],
  [join(antd, 'es/components/checkbox/checkbox.js'), 'forms'],
  [join(src, 'components/TextField.tsx'), 'forms'],
  [join(src, 'lib/useFormErrors.ts'), 'forms'],
  [join(src, 'features/accounts/components/PasswordField.tsx'), 'accounts'],
  [join(src, 'features/accounts/hooks/useSendCode.tsx'), 'accounts'],
  [join(src, 'features/accounts/postLogin.ts'), 'accounts'],
  [join(src, 'features/shell/components/HomeShell.tsx'), 'shell'],
  [join(antd, 'es/components/tab-bar/tab-bar.js'), 'shell'],
  [join(antdIcons, 'es/UserOutline.js'), 'shell'],
  [join(src, 'components/PageNavBar.tsx'), 'nav'],
  [join(antd, 'es/components/search-bar/search-bar.js'), 'nav'],
  [join(src, 'features/chat/chatSocket.ts'), 'chat'],
  [join(src, '../../../packages/shared/src/chat/calls.ts'), 'chat'],
  [join(src, 'lib/socket.ts'), 'liveSocket'],
  [join(src, 'components/LiveConnection.tsx'), 'liveSocket'],
  [join(src, 'features/courses/components/CourseCard.tsx'), 'courseList'],
  [join(src, '../../../packages/shared/src/institutions/calls.ts'), 'courseList'],
  [join(src, 'features/courses/hooks/useCourseList.ts'), 'courseList'],
  [join(antdIcons, 'es/ScanCodeOutline.js'), 'courseList'],
];

describe('chunkGroups', () => {
  it.each(samples)('%s goes to one group, %s', (file, name) => {
    expect(existsSync(file)).toBe(true);
    expect(groupOf(file)).toEqual([name]);
  });

  it('leaves the pages, the modules groups do not name and the hooks that open dialogs to Rolldown', () => {
    for (const file of [
      join(src, 'features/accounts/pages/LoginPage.tsx'),
      join(src, 'features/courses/pages/CourseListPage.tsx'),
      join(src, 'features/accounts/hooks/useLogout.ts'),
      join(antd, 'es/components/dialog/dialog.js'),
      join(antdIcons, 'es/EyeOutlineX.js'),
      join(antd, 'es/utils/render.js'),
      join(src, 'features/live/api.ts'),
      join(src, '../../../packages/shared/src/content/calls.ts'),
    ]) {
      expect(groupOf(file)).toEqual([]);
    }
  });

  it('takes only the modules it names', () => {
    for (const g of chunkGroups) expect(g.includeDependenciesRecursively).toBe(false);
  });
});
