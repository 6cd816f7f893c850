// docs/spec-coverage.md keeps every "done" pointing at a test that exists. A done row must cite at
// least one test: a vitest file (`name.test.ts`, or a path ending so, optionally `› title` with a
// title that appears in that file) or a journey (`e2e area/name`, more names of the same area after
// commas, or `e2e area/*`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const doc = readFileSync(join(root, 'docs/spec-coverage.md'), 'utf8');

function listTests(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listTests(p));
    else if (/\.test\.tsx?$/.test(e.name)) out.push(relative(root, p));
  }
  return out;
}
const testFiles = [...listTests(join(root, 'apps')), ...listTests(join(root, 'packages'))];

interface Row {
  line: number;
  first: string;
  status: string;
  text: string;
}

/** Every body row of every table: first cell, status cell, and the status cell with what follows. */
export function rows(md: string): Row[] {
  const out: Row[] = [];
  md.split('\n').forEach((l, i) => {
    if (!l.startsWith('|') || /^\|\s*-/.test(l)) return;
    const cells = l
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length < 2 || cells[1] === 'status') return;
    out.push({ line: i + 1, first: cells[0], status: cells[1], text: cells.slice(1).join(' | ') });
  });
  return out;
}

interface Citation {
  kind: 'vitest' | 'e2e';
  cited: string;
  files: string[];
  title?: string;
}

/** The tests a row cites, each resolved to the files it names (none when it names nothing real). */
export function citations(text: string): Citation[] {
  const out: Citation[] = [];
  for (const m of text.matchAll(/e2e ([\w-]+)\/(\*|[\w-]+)((?:, [a-z][\w-]*(?=[,;)|]|\s\(|\s*$))*)/g)) {
    const area = m[1];
    const names = [
      m[2],
      ...m[3]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ];
    for (const name of names) {
      const dir = join(root, 'e2e/specs', area);
      const files =
        name === '*'
          ? existsSync(dir)
            ? readdirSync(dir)
                .filter((f) => f.endsWith('.spec.ts'))
                .map((f) => `e2e/specs/${area}/${f}`)
            : []
          : existsSync(join(dir, `${name}.spec.ts`))
            ? [`e2e/specs/${area}/${name}.spec.ts`]
            : [];
      out.push({ kind: 'e2e', cited: `e2e ${area}/${name}`, files });
    }
  }
  for (const m of text.matchAll(/([\w./-]*\.test\.tsx?)(?: › ([^;()|,]+))?/g)) {
    const cited = m[1].replace(/^\.?\//, '');
    const files = testFiles.filter((f) => f === cited || f.endsWith(`/${cited}`));
    const title = m[2]?.trim().replace(/…$/, '').trim();
    out.push({ kind: 'vitest', cited, files, title: title || undefined });
  }
  return out;
}

describe('docs/spec-coverage.md', () => {
  const all = rows(doc);
  const done = all.filter((r) => /^done\b/.test(r.status));

  it('has its tables', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(done.length).toBeGreaterThan(50);
  });

  it('cites at least one test on every done row', () => {
    const bare = done.filter((r) => citations(r.text).length === 0).map((r) => `line ${r.line}: ${r.first}`);
    expect(bare).toEqual([]);
  });

  it('cites only test files that exist, and titles found in them', () => {
    const wrong: string[] = [];
    for (const r of done) {
      for (const c of citations(r.text)) {
        if (c.files.length === 0) {
          wrong.push(`line ${r.line}: ${c.cited} does not exist`);
          continue;
        }
        if (c.title) {
          const title = c.title;
          const found = c.files.some((f) => readFileSync(join(root, f), 'utf8').includes(title));
          if (!found) wrong.push(`line ${r.line}: "${title}" is not in ${c.cited}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds a made-up citation', () => {
    expect(citations('e2e accounts/no-such-journey')[0].files).toEqual([]);
    expect(citations('no-such.test.ts')[0].files).toEqual([]);
    expect(citations('e2e accounts/shell, fast-login').map((c) => c.files.length)).toEqual([1, 1]);
    // words after a journey are not more journeys
    expect(citations('e2e accounts/shell, in Chinese and English').map((c) => c.cited)).toEqual(['e2e accounts/shell']);
  });
});
