import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'modules');

/** Every .ts source file under a folder, tests left out (a test may import what it likes). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

// static imports and re-exports that bring values (`import type` is erased and cannot make a cycle at run time)
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** The relative imports of a file, resolved to files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1]!;
    if (!spec.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (found) out.push(found);
  }
  return out;
}

/** The import cycles among the given files, each as a list of paths relative to src/ (Tarjan's components). */
function importCycles(files: string[]): string[][] {
  const inScope = new Set(files);
  const edges = new Map(files.map((f) => [f, importsOf(f).filter((t) => inScope.has(t))]));
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || edges.get(v)!.includes(v)) cycles.push(part.map((p) => path.relative(root, p)).sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

describe('module imports', () => {
  it('finds a cycle when there is one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycle-probe-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { a } from './a';\nexport const c = 1;\n");
      expect(importCycles(sources(dir))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no import cycle among the area modules (reads live in <area>.queries.ts)', () => {
    expect(importCycles(sources(modules))).toEqual([]);
  });
});
