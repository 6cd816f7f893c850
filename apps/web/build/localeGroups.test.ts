/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaValidationMessages, validationMessages } from '@paiclass/shared';
import { AREA_GROUPS, CORE_GROUPS, pickMessages, pickPart, type SharedMessages } from './localeGroups';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const zh = JSON.parse(readFileSync(join(src, 'locales/zh.json'), 'utf8')) as Record<string, unknown>;

function resolve(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The app's files a first load runs: the entry and what it imports statically (a lazy import() is not followed). */
function firstLoadFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
    const file = resolve(entry, match[1] as string);
    if (file) firstLoadFiles(file, seen);
  }
  return seen;
}

describe('locale parts', () => {
  it('cut each language into a core, the courses part and the others, together the whole file, none twice', () => {
    const core = pickPart(zh, 'core');
    const courses = pickPart(zh, 'courses');
    const others = pickPart(zh, 'others');
    expect(Object.keys(core).sort()).toEqual([...CORE_GROUPS].sort());
    expect(Object.keys(courses).sort()).toEqual([...AREA_GROUPS.courses].sort());
    expect({ ...core, ...courses, ...others }).toEqual(zh);
    const keys = [core, courses, others].flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give the course list (loaded with the courses part only) every key its first render uses', () => {
    const files = firstLoadFiles(join(src, 'features/courses/pages/CourseListPage.tsx'));
    const allowed = new Set<string>([...CORE_GROUPS, ...AREA_GROUPS.courses]);
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const top of Object.keys(zh)) {
        if (!allowed.has(top) && new RegExp(`['\`]${top}\\.[A-Za-z$]`).test(text))
          missing.push(`${file.slice(src.length)}: ${top}`);
      }
    }
    expect(files.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('give the first load and the account and shell pages (loaded without the pages part) every key they use', () => {
    const entries = [join(src, 'main.tsx')];
    for (const page of [
      'LoginPage',
      'RegisterPage',
      'FindPasswordPage',
      'LoginVerifyPage',
      'LoggingInPage',
      'BindWechatPage',
      'AccoundNumberInfoPage',
    ]) {
      entries.push(join(src, `features/accounts/pages/${page}.tsx`));
    }
    entries.push(join(src, 'features/shell/components/HomeShell.tsx'), join(src, 'features/shell/pages/NotFoundPage.tsx'));
    entries.push(join(src, 'features/shell/pages/TabPlaceholderPage.tsx'), join(src, 'components/NotAvailable.tsx'));
    entries.push(join(src, 'components/RouteErrorPage.tsx'));
    const files = new Set<string>();
    for (const entry of entries) for (const file of firstLoadFiles(entry)) files.add(file);
    const tops = Object.keys(zh);
    // first-load files whose pages' words are used only once those are loaded
    const later: Record<string, string[]> = {
      // the closed-course alert awaits loadStrings('pages') before it shows
      'features/courses/components/CourseCheck.tsx': ['courses'],
      // the term and teaching-type labels, called by course pages only (parseCourseId is the first load's)
      'features/courses/utils.ts': ['courses'],
    };
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const top of tops) {
        if ((CORE_GROUPS as readonly string[]).includes(top) || later[file.slice(src.length)]?.includes(top)) continue;
        if (new RegExp(`['\`]${top}\\.[A-Za-z$]`).test(text)) {
          missing.push(`${file.slice(src.length)}: ${top}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('put the general validation messages in the core and the areas’ own with the others, each once', () => {
    const shared = { validationMessages, areaValidationMessages } as unknown as SharedMessages;
    for (const lang of ['zh', 'en']) {
      const core = pickMessages(shared, lang, 'core');
      const others = pickMessages(shared, lang, 'others');
      expect(pickMessages(shared, lang, 'courses')).toEqual({});
      expect({ ...core, ...others }).toEqual(validationMessages[lang as 'zh' | 'en']);
      expect(Object.keys(core).filter((key) => key in others)).toEqual([]);
      expect(Object.keys(others).length).toBeGreaterThan(100);
    }
  });

  it('give the account pages (loaded without the others) every validation message their schemas and code name', () => {
    const core = pickMessages({ validationMessages, areaValidationMessages } as unknown as SharedMessages, 'zh', 'core');
    const shared = fileURLToPath(new URL('../../../packages/shared/src/accounts/', import.meta.url));
    const texts = [readFileSync(join(shared, 'schemas.ts'), 'utf8'), readFileSync(join(shared, 'rules.ts'), 'utf8')];
    for (const page of ['LoginPage', 'RegisterPage', 'FindPasswordPage', 'LoginVerifyPage', 'BindWechatPage', 'AccoundNumberInfoPage']) {
      for (const file of firstLoadFiles(join(src, `features/accounts/pages/${page}.tsx`))) texts.push(readFileSync(file, 'utf8'));
    }
    const keys = new Set(texts.flatMap((text) => [...text.matchAll(/['`](validation\.[A-Za-z]+)['`]/g)].map((m) => m[1] as string)));
    expect(keys.size).toBeGreaterThan(10);
    expect([...keys].filter((key) => !(key in core))).toEqual([]);
  });
});
