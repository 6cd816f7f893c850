import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postLoginTarget } from './postLogin';

// the dialog kit does not load outside a browser; the saved location does not use it
vi.mock('antd-mobile', () => ({ Dialog: {}, Toast: {} }));

/** A browser's sessionStorage and origin, enough for the saved location (spec 1 §4). */
function fakeWindow(saved: string | null) {
  const store = new Map<string, string>(saved ? [['redirect', saved]] : []);
  (globalThis as { window?: unknown }).window = {
    location: { origin: 'http://paiclass.test' },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
  };
}

describe('the location after login (spec 1 §4)', () => {
  beforeEach(() => fakeWindow(null));
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('turns a saved share-class invitation into the QR join of its code', () => {
    fakeWindow('/ShareClass?code=123456');
    expect(postLoginTarget()).toBe('/joinCourses?code=123456');
  });

  it('reloads a saved course home and join-course location as they were', () => {
    fakeWindow('/courseHome?courseId=7&courseRole=0');
    expect(postLoginTarget()).toBe('/courseHome?courseId=7&courseRole=0');
    fakeWindow('/joinCourses?code=654321');
    expect(postLoginTarget()).toBe('/joinCourses?code=654321');
  });

  it('takes the share code of the login address when nothing was saved', () => {
    expect(postLoginTarget('112233')).toBe('/joinCourses?code=112233');
  });

  it('goes to the course list after a public page without a code', () => {
    fakeWindow('/ShareClass');
    expect(postLoginTarget()).toBe('/ktpCourse');
  });
});
