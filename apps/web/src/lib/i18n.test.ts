/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const en = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as {
  courses: { info: { title: string } };
  homework: Record<string, unknown>;
  login: { modeAccount: string };
};

// lib/i18n remembers the language in localStorage and sets <html lang>; nothing else of a browser is needed
beforeAll(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal('document', { documentElement: { lang: 'zh-CN' } });
  // lib/i18n as a page first loads it: a test file before this one in the worker may have loaded parts
  vi.resetModules();
});
// the next test file in this worker starts without a browser's globals (vitest.config.ts: isolate)
afterAll(() => vi.unstubAllGlobals());

describe('locale parts at run time', () => {
  it('load the pages part on demand, and give it to a language switched to while a page was loading', async () => {
    const { default: i18n, applyLanguage, loadStrings } = await import('./i18n');
    expect(i18n.exists('courses.info.title')).toBe(false);
    expect(i18n.exists('common.retry')).toBe(true);
    // the account pages' words come with those pages (issue 23)
    expect(i18n.exists('login.modeAccount')).toBe(false);

    // the course list asks for its own words only: the rest of the courses' and the other areas' stay unfetched
    await loadStrings('list');
    expect(i18n.exists('courses.list.create')).toBe(true);
    expect(i18n.exists('courses.info.title')).toBe(false);
    expect(i18n.exists('login.modeAccount')).toBe(false);

    // its menu and popups ask for the courses' words (and the account part's validation messages)
    await loadStrings('courses');
    expect(i18n.exists('courses.info.title')).toBe(true);
    expect(i18n.exists('validation.phone')).toBe(true);
    const homeworkKey = `homework.${Object.keys(en.homework)[0]}`;
    expect(i18n.exists(homeworkKey)).toBe(false);

    // the user's English arrives (its core loading) just as a page's loader asks for the pages part
    const switching = applyLanguage('en');
    const page = loadStrings('pages');
    await Promise.all([switching, page]);

    expect(i18n.language).toBe('en');
    expect(i18n.t('courses.info.title')).toBe(en.courses.info.title);
    expect(i18n.t('login.modeAccount')).toBe(en.login.modeAccount);
    expect(i18n.t('validation.phone')).not.toBe('validation.phone');
    expect(i18n.exists(homeworkKey)).toBe(true);
  });
});
