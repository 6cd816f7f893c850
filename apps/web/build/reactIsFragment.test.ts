import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { reactIsFragmentModule } from './reactIsFragment';

const require = createRequire(import.meta.url);

describe('reactIsFragment', () => {
  it("gives antd-mobile's traverseReactNode React 19's fragment test in place of react-is", async () => {
    const code = readFileSync(require.resolve('antd-mobile/es/utils/traverse-react-node.js'), 'utf8');
    const out = reactIsFragmentModule(code);
    expect(out).not.toContain('react-is');
    // the module runs: a fragment's children are walked one by one, other children as they are
    const url = `data:text/javascript,${encodeURIComponent(out.replace("import React from 'react';", 'const React = globalThis.__react;'))}`;
    (globalThis as { __react?: unknown }).__react = await import('react');
    const { traverseReactNode } = (await import(/* @vite-ignore */ url)) as {
      traverseReactNode: (children: unknown, fn: (child: { key: string | null }, i: number) => void) => void;
    };
    const seen: string[] = [];
    traverseReactNode(
      [
        createElement('i', { key: 'a' }),
        createElement(Fragment, { key: 'f' }, createElement('i', { key: 'b' }), createElement('i', { key: 'c' })),
      ],
      (child, i) => seen.push(`${i}:${String(child.key).replace(/^.*\$/, '')}`),
    );
    expect(seen).toEqual(['0:a', '1:b', '2:c']);
  });

  it('refuses a module of another shape', () => {
    expect(() => reactIsFragmentModule('export const x = 1;')).toThrow(/changed/);
  });
});
