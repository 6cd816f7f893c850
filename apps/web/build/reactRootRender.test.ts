import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { reactRootModule } from './reactRootRender';

const require = createRequire(import.meta.url);

describe('reactRootRender', () => {
  it("reads antd-mobile's renderer module with React 19's createRoot as its default, without rc-util", () => {
    const code = readFileSync(require.resolve('antd-mobile/es/utils/unstable-render.js'), 'utf8');
    const out = reactRootModule(code);
    expect(out).not.toMatch(/rc-util|from '\.\/render'|ReactDOM/);
    expect(out).toContain("import { createRoot } from 'react-dom/client';");
    expect(out).toContain('let unstableRender = defaultReactRender;');
    expect(out).toContain('export function unstableSetRender(render)');
  });

  it('refuses a module it does not know', () => {
    expect(() => reactRootModule('export const x = 1;')).toThrow(/changed/);
  });
});
