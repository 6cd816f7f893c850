/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

/**
 * The locale files are fetched in parts (issue 10): the core, part of the first load (the shell, the
 * tabs, common words, error pages), and the pages' strings, fetched with the first page outside the
 * core, before it renders: an area's part (AREA_GROUPS) for a page that needs only that area's words,
 * else every part. zh.json and en.json stay one file each; the build cuts them by these top-level keys.
 */
export const CORE_GROUPS = ['common', 'auth', 'areas', 'my', 'notAvailable', 'notFound', 'placeholder', 'tabs'] as const;

/**
 * Areas cut out of the pages' strings, each its own chunk: the course list fetches the courses' part
 * only (its words and the home button's), not the homework's, materials', members' and the others';
 * the account pages (login, register, find password, verify, binding) fetch their words and the
 * general validation messages (`account`), which the course list does not need (issue 23).
 */
export const AREA_GROUPS = {
  courses: ['courses', 'home'],
  account: ['bind', 'bindWechat', 'code', 'figure', 'findPassword', 'login', 'register', 'verify', 'wechat'],
} as const;

/**
 * The course list's own words, cut below the top-level keys (issue 23): its first render's (held by
 * localeGroups.test.ts), the `list` part; the rest of `courses` and `home` stays in their part, which
 * the list fetches with its menu, code and sort popups (and every other page with the pages' strings).
 */
export const LIST_KEYS: Readonly<Record<string, readonly string[]>> = {
  courses: ['list', 'card', 'classState', 'sort', 'term', 'teachType', 'vipMark'],
  home: ['open'],
};

/** `core`: the core groups; `list`: the course list's words; an area: its groups (less the list's words); `others`: every other top-level key. */
export type StringPart = 'core' | 'list' | keyof typeof AREA_GROUPS | 'others';
export const STRING_PARTS: readonly StringPart[] = [
  'core',
  'list',
  ...(Object.keys(AREA_GROUPS) as (keyof typeof AREA_GROUPS)[]),
  'others',
];

/** The part of a locale tree that a part holds. */
export function pickPart<T extends Record<string, unknown>>(tree: T, part: StringPart): Partial<T> {
  const areas = AREA_GROUPS as Record<string, readonly string[]>;
  const owner = (key: string) =>
    (CORE_GROUPS as readonly string[]).includes(key)
      ? 'core'
      : (Object.keys(areas).find((area) => areas[area]?.includes(key)) ?? 'others');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const listed = LIST_KEYS[key];
    if (listed && value && typeof value === 'object') {
      // the list's words to the list part, the rest to the key's own part
      const entries = Object.entries(value).filter(([sub]) => listed.includes(sub) === (part === 'list'));
      if (entries.length && (part === 'list' || owner(key) === part)) out[key] = Object.fromEntries(entries);
    } else if (owner(key) === part) {
      out[key] = value;
    }
  }
  return out as Partial<T>;
}

const PREFIX = 'virtual:locales/';

/** The shared validation messages by language, split into the general ones and the areas' own (packages/shared/src/messages.ts). */
export interface SharedMessages {
  validationMessages: Record<string, Record<string, string>>;
  areaValidationMessages: readonly Record<string, Record<string, string>>[];
}

/** The shared validation messages of a language that a part holds: the general ones with the account pages' words, the areas' own with the others. */
export function pickMessages(shared: SharedMessages, lang: string, part: StringPart): Record<string, string> {
  if (part !== 'account' && part !== 'others') return {};
  const areaKeys = new Set(shared.areaValidationMessages.flatMap((area) => Object.keys(area[lang] ?? {})));
  return Object.fromEntries(
    Object.entries(shared.validationMessages[lang] ?? {}).filter(([key]) => areaKeys.has(key) === (part === 'others')),
  );
}

/** The shared validation messages, read from packages/shared (TypeScript) through Vite's module runner. */
async function sharedMessages(watch: (file: string) => void): Promise<SharedMessages> {
  const file = fileURLToPath(new URL('../../../packages/shared/src/messages.ts', import.meta.url));
  watch(file);
  const { module } = await runnerImport<SharedMessages>(file);
  return module;
}
const RESOLVED = '\0locales:';

/**
 * `virtual:locales/<lang>/<part>`: one part of src/locales/<lang>.json (see src/locales/groups.ts),
 * so the first load carries the core strings only and the rest is its own chunk. The shared validation
 * messages of its language come along (the forms show the server's words): the general ones with the
 * account part, the areas' own (attendance, exams, chat, …: 5.5 KB gzip, used by those areas' pages only) with
 * the others, so neither the other language's nor the areas' are first-load code.
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
      const extra = pickMessages(await sharedMessages(this.addWatchFile.bind(this)), lang, part as StringPart);
      return `export default ${JSON.stringify({ ...strings, ...extra })};`;
    },
  };
}
