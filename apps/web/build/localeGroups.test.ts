/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaValidationMessages, validationMessages } from '@paiclass/shared';
import { AREA_GROUPS, CORE_GROUPS, LIST_KEYS, pickMessages, pickPart, type SharedMessages } from './localeGroups';

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
  // a type-only import runs nothing
  for (const match of text.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms)) {
    const file = resolve(entry, match[1] as string);
    if (file) firstLoadFiles(file, seen);
  }
  return seen;
}

describe('locale parts', () => {
  it('cut each language into a core, the account, list and courses parts and the others, together the whole file, none twice', () => {
    const core = pickPart(zh, 'core');
    const list = pickPart(zh, 'list') as Record<string, Record<string, unknown>>;
    const courses = pickPart(zh, 'courses') as Record<string, Record<string, unknown>>;
    const account = pickPart(zh, 'account');
    const others = pickPart(zh, 'others');
    expect(Object.keys(account).sort()).toEqual([...AREA_GROUPS.account].sort());
    expect(Object.keys(core).sort()).toEqual([...CORE_GROUPS].sort());
    expect(Object.keys(courses).sort()).toEqual([...AREA_GROUPS.courses].sort());
    expect(Object.keys(list).sort()).toEqual(Object.keys(LIST_KEYS).sort());
    // the list's keys below the top level, each in the list part only, the two together the whole tree
    for (const [top, subs] of Object.entries(LIST_KEYS)) {
      expect(Object.keys(list[top] ?? {}).sort()).toEqual([...subs].sort());
      expect(Object.keys(courses[top] ?? {}).filter((sub) => subs.includes(sub))).toEqual([]);
      expect({ ...courses[top], ...list[top] }).toEqual(zh[top]);
    }
    const whole = { ...core, ...account, ...courses, ...others };
    for (const top of Object.keys(LIST_KEYS)) whole[top] = { ...courses[top], ...list[top] };
    expect(whole).toEqual(zh);
    const keys = [core, account, courses, others].flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give the course list (loaded with the list part only) every key its first render uses', () => {
    const files = firstLoadFiles(join(src, 'features/courses/pages/CourseListPage.tsx'));
    const listed = new Set(Object.keys(LIST_KEYS));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const top of Object.keys(zh)) {
        if ((CORE_GROUPS as readonly string[]).includes(top)) continue;
        if (!listed.has(top)) {
          if (new RegExp(`['\`]${top}\\.[A-Za-z$]`).test(text)) missing.push(`${file.slice(src.length)}: ${top}`);
          continue;
        }
        // below a listed key, a key the list uses (a template's `courses.classState.${state}` by its fixed part)
        for (const m of text.matchAll(new RegExp(`['\`]${top}\\.([A-Za-z]+)`, 'g'))) {
          if (!LIST_KEYS[top]?.includes(m[1] as string)) missing.push(`${file.slice(src.length)}: ${top}.${m[1]}`);
        }
      }
    }
    expect(files.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('give the first load and the shell pages (core) and the account pages (core and account) every key they use', () => {
    const accountEntries = [
      'LoginPage',
      'RegisterPage',
      'FindPasswordPage',
      'LoginVerifyPage',
      'LoggingInPage',
      'BindWechatPage',
      'AccoundNumberInfoPage',
    ].map((page) => join(src, `features/accounts/pages/${page}.tsx`));
    const coreEntries = [join(src, 'main.tsx')];
    coreEntries.push(join(src, 'features/shell/components/HomeShell.tsx'), join(src, 'features/shell/pages/NotFoundPage.tsx'));
    coreEntries.push(join(src, 'features/shell/pages/TabPlaceholderPage.tsx'), join(src, 'components/NotAvailable.tsx'));
    coreEntries.push(join(src, 'components/RouteErrorPage.tsx'));
    const filesOf = (entries: string[]) => {
      const files = new Set<string>();
      for (const entry of entries) for (const file of firstLoadFiles(entry)) files.add(file);
      return files;
    };
    const tops = Object.keys(zh);
    // first-load files whose pages' words are used only once those are loaded
    const later: Record<string, string[]> = {
      // the closed-course alert awaits loadStrings('pages') before it shows
      'features/courses/components/CourseCheck.tsx': ['courses'],
      // the term and teaching-type labels, called by course pages only (parseCourseId is the first load's)
      'features/courses/utils.ts': ['courses'],
    };
    const missing: string[] = [];
    const check = (files: Set<string>, allowed: readonly string[]) => {
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        for (const top of tops) {
          if (allowed.includes(top) || later[file.slice(src.length)]?.includes(top)) continue;
          if (new RegExp(`['\`]${top}\\.[A-Za-z$]`).test(text)) missing.push(`${file.slice(src.length)}: ${top}`);
        }
      }
    };
    check(filesOf(coreEntries), CORE_GROUPS);
    check(filesOf(accountEntries), [...CORE_GROUPS, ...AREA_GROUPS.account]);
    expect(missing).toEqual([]);
  });

  it('put the general validation messages in the account part and the areas’ own with the others, each once', () => {
    const shared = { validationMessages, areaValidationMessages } as unknown as SharedMessages;
    for (const lang of ['zh', 'en']) {
      expect(pickMessages(shared, lang, 'core')).toEqual({});
      expect(pickMessages(shared, lang, 'list')).toEqual({});
      const core = pickMessages(shared, lang, 'account');
      const others = pickMessages(shared, lang, 'others');
      expect(pickMessages(shared, lang, 'courses')).toEqual({});
      expect({ ...core, ...others }).toEqual(validationMessages[lang as 'zh' | 'en']);
      expect(Object.keys(core).filter((key) => key in others)).toEqual([]);
      expect(Object.keys(others).length).toBeGreaterThan(100);
    }
  });

  it('give the account pages (loaded without the others) every validation message their schemas and code name', () => {
    const core = pickMessages({ validationMessages, areaValidationMessages } as unknown as SharedMessages, 'zh', 'account');
    const shared = fileURLToPath(new URL('../../../packages/shared/src/accounts/', import.meta.url));
    const texts = [readFileSync(join(shared, 'schemas.ts'), 'utf8'), readFileSync(join(shared, 'rules.ts'), 'utf8')];
    for (const page of [
      'LoginPage',
      'RegisterPage',
      'FindPasswordPage',
      'LoginVerifyPage',
      'BindWechatPage',
      'AccoundNumberInfoPage',
    ]) {
      for (const file of firstLoadFiles(join(src, `features/accounts/pages/${page}.tsx`))) texts.push(readFileSync(file, 'utf8'));
    }
    const keys = new Set(
      texts.flatMap((text) => [...text.matchAll(/['`](validation\.[A-Za-z]+)['`]/g)].map((m) => m[1] as string)),
    );
    expect(keys.size).toBeGreaterThan(10);
    expect([...keys].filter((key) => !(key in core))).toEqual([]);
  });
});
