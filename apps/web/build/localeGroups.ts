/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

/**
 * The locale files are fetched in two parts (issue 10): the core, part of the first load (the shell,
 * login, register and the other account pages, common words, error pages), and the pages' strings,
 * fetched with the first page outside the core, before it renders. zh.json and en.json stay one file
 * each; the build cuts them by these top-level keys.
 */
export const CORE_GROUPS = [
  'common',
  'auth',
  'areas',
  'bind',
  'bindWechat',
  'code',
  'figure',
  'findPassword',
  'login',
  'my',
  'notAvailable',
  'notFound',
  'placeholder',
  'register',
  'tabs',
  'verify',
  'wechat',
] as const;

/** `core`: the top-level keys above; `pages`: every other one. */
export type StringPart = 'core' | 'pages';
export const STRING_PARTS: readonly StringPart[] = ['core', 'pages'];

/** The part of a locale tree that a part holds. */
export function pickPart<T extends Record<string, unknown>>(tree: T, part: StringPart): Partial<T> {
  const core = new Set<string>(CORE_GROUPS);
  return Object.fromEntries(Object.entries(tree).filter(([key]) => core.has(key) === (part === 'core'))) as Partial<T>;
}

const PREFIX = 'virtual:locales/';

/** The shared validation messages by language, read from packages/shared (TypeScript) through Vite's module runner. */
async function sharedMessages(watch: (file: string) => void): Promise<Record<string, Record<string, string>>> {
  const file = fileURLToPath(new URL('../../../packages/shared/src/messages.ts', import.meta.url));
  watch(file);
  const { module } = await runnerImport<{ validationMessages: Record<string, Record<string, string>> }>(file);
  return module.validationMessages;
}
const RESOLVED = '\0locales:';

/**
 * `virtual:locales/<lang>/<part>`: one part of src/locales/<lang>.json (see src/locales/groups.ts),
 * so the first load carries the core strings only and the rest is its own chunk. The core also holds
 * the shared validation messages of its language (the forms show the server's words), so the other
 * language's are not first-load code either.
 */
export function localeGroups(): Plugin {
  return {
    name: 'paiclass-locale-groups',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [lang, part] = id.slice(RESOLVED.length).split('/');
      if (!lang || !/^[a-z]{2}$/.test(lang) || !STRING_PARTS.includes(part as StringPart)) {
        this.error(`unknown locale part ${id.slice(RESOLVED.length)}`);
      }
      const file = fileURLToPath(new URL(`../src/locales/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const strings = pickPart(tree, part as StringPart);
      const extra = part === 'core' ? ((await sharedMessages(this.addWatchFile.bind(this)))[lang] ?? {}) : {};
      return `export default ${JSON.stringify({ ...strings, ...extra })};`;
    },
  };
}
