/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validationMessages } from '@paiclass/shared';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const srcDir = join(here, '..');

type Tree = { [key: string]: string | Tree };
const load = (name: string) => JSON.parse(readFileSync(join(here, name), 'utf8')) as Tree;

/** Every leaf of a locale file as a dotted key, with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys passed as a literal to t(...) or i18n.t(...), with the file that uses them. */
function usedKeys(): { key: string; file: string }[] {
  const found: { key: string; file: string }[] = [];
  const call = /(?<![\w$])t\(\s*(['"`])([^'"`$]+?)\1/g;
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) found.push({ key: match[2], file: relative(srcDir, file) });
  }
  return found;
}

const zh = leaves(load('zh.json'));
const en = leaves(load('en.json'));

describe('locales', () => {
  it('zh.json and en.json have exactly the same keys (a plural form only where its language has it)', () => {
    // `key_one` and the like: a plural form of `key`, which both languages have (lib/translations.ts)
    const plural = (k: string, other: Map<string, unknown>) =>
      /_(zero|one|two|few|many)$/.test(k) && other.has(k.replace(/_\w+$/, ''));
    const onlyZh = [...zh.keys()].filter((k) => !en.has(k) && !plural(k, en));
    const onlyEn = [...en.keys()].filter((k) => !zh.has(k) && !plural(k, zh));
    expect({ onlyZh, onlyEn }).toEqual({ onlyZh: [], onlyEn: [] });
  });

  it('every translation is a non-empty string', () => {
    const bad = [...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('zh and en use the same {{placeholders}} in each message', () => {
    const names = (v: unknown) => [...String(v).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const differ = [...zh.keys()].filter((k) => en.has(k) && names(zh.get(k)).join() !== names(en.get(k)).join());
    expect(differ).toEqual([]);
  });

  it('finds the t() calls of the source (the scan itself works)', () => {
    const keys = usedKeys().map((u) => u.key);
    expect(keys).toContain('login.submit');
    expect(keys).toContain('common.systemPrompt');
    expect(keys.length).toBeGreaterThan(100);
  });

  it('every key used with t() exists in both languages', () => {
    const known = (lang: 'zh' | 'en', key: string) => (lang === 'zh' ? zh : en).has(key) || key in validationMessages[lang];
    const missing = usedKeys()
      .filter(({ key }) => !known('zh', key) || !known('en', key))
      .map(({ key, file }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('every validation key named in the source is a shared validation message', () => {
    const literal = /(['"])(validation\.[A-Za-z]+)\1/g;
    const missing: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
        if (!(match[2] in validationMessages.zh) || !(match[2] in validationMessages.en))
          missing.push(`${relative(srcDir, file)}: ${match[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('locale keys do not shadow the shared validation messages', () => {
    const clash = [...zh.keys()].filter((k) => k in validationMessages.zh);
    expect(clash).toEqual([]);
  });
});
