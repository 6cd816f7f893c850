import { describe, expect, it } from 'vitest';
import { Translations } from './translations';

describe('Translations', () => {
  it('fills placeholders, falls back to the default language, and shows an unknown key as itself', () => {
    const words = new Translations('zh', 'zh');
    words.addStrings('zh', { 'a.hello': '你好，{{name}}', 'a.only': '只有中文', 'a.count': '{{ count }} 人 / {{total}}' });
    words.addStrings('en', { 'a.hello': 'Hello, {{name}}' });
    expect(words.t('a.hello', { name: '李雷' })).toBe('你好，李雷');
    words.changeLanguage('en');
    expect(words.t('a.hello', { name: 'Li' })).toBe('Hello, Li');
    expect(words.t('a.only')).toBe('只有中文');
    expect(words.exists('a.only')).toBe(true);
    expect(words.exists('a.nothing')).toBe(false);
    expect(words.t('a.nothing')).toBe('a.nothing');
    // a value not given leaves its place empty; 0 is a value
    expect(words.t('a.count', { count: 0 })).toBe('0 人 / ');
  });

  it('tells its listeners when the language or the strings change, not when nothing does', () => {
    const words = new Translations('zh', 'zh');
    let calls = 0;
    const stop = words.subscribe(() => {
      calls += 1;
    });
    const before = words.snapshot();
    words.addStrings('en', { x: 'x' });
    words.changeLanguage('en');
    words.changeLanguage('en');
    expect(calls).toBe(2);
    expect(words.snapshot()).toBe(before + 2);
    stop();
    words.changeLanguage('zh');
    expect(calls).toBe(2);
  });

  it('picks the language’s plural form by count: "1 question", "2 questions"; Chinese has one form (issue 25)', () => {
    const words = new Translations('en', 'zh');
    words.addStrings('zh', { n: '{{count}} 题' });
    words.addStrings('en', { n: '{{count}} questions', n_one: '{{count}} question' });
    expect(words.t('n', { count: 1 })).toBe('1 question');
    expect(words.t('n', { count: 2 })).toBe('2 questions');
    expect(words.t('n', { count: 0 })).toBe('0 questions');
    // a count that is not a number: the plain key
    expect(words.t('n', { count: '1' })).toBe('1 questions');
    words.changeLanguage('zh');
    expect(words.t('n', { count: 1 })).toBe('1 题');
  });
});
