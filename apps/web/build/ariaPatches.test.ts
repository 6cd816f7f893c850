import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ARIA_PATCHES, applyAriaPatches } from './ariaPatches';

const require = createRequire(import.meta.url);
const modules = [...new Set(ARIA_PATCHES.map((p) => p.module))];

describe('ariaPatches: antd-mobile’s ARIA faults mended as the build reads it', () => {
  it.each(modules)('finds and mends every text it names in %s', (module) => {
    const file = require.resolve(`antd-mobile/es/components/${module}`);
    const code = readFileSync(file, 'utf8');
    const out = applyAriaPatches(code, file);
    expect(out).not.toBe(code);
    for (const p of ARIA_PATCHES.filter((x) => x.module === module)) expect(out).toContain(p.to);
  });

  it('says which text it could not find once antd-mobile changes', () => {
    expect(() => applyAriaPatches('export const Input = 1;', '/x/node_modules/antd-mobile/es/components/input/input.js')).toThrow(
      /input\/input\.js no longer holds the text/,
    );
  });

  it('leaves other modules alone', () => {
    expect(applyAriaPatches('role: \'option\',\n    "aria-disabled": action.disabled', '/x/node_modules/other/a.js')).toContain("'option'");
  });
});
