/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

/**
 * The locale files are fetched in parts (issue 10): the core, part of the first load (the shell,
 * login, register and the other account pages, common words, error pages), and the pages' strings,
 * fetched with the first page outside the core, before it renders: an area's part (AREA_GROUPS) for a
 * page that needs only that area's words, else every part. zh.json and en.json stay one file
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

/**
 * Areas cut out of the pages' strings, each its own chunk: the course list fetches the courses' part
 * only (its words and the home button's), not the homework's, materials', members' and the others'.
 */
export const AREA_GROUPS = {
  courses: ['courses', 'home'],
} as const;

/** `core`: the core groups; an area: its groups; `others`: every other top-level key. */
export type StringPart = 'core' | keyof typeof AREA_GROUPS | 'others';
export const STRING_PARTS: readonly StringPart[] = [
  'core',
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
  return Object.fromEntries(Object.entries(tree).filter(([key]) => owner(key) === part)) as Partial<T>;
}

const PREFIX = 'virtual:locales/';

/** The shared validation messages by language, split into the general ones and the areas' own (packages/shared/src/messages.ts). */
export interface SharedMessages {
  validationMessages: Record<string, Record<string, string>>;
  areaValidationMessages: readonly Record<string, Record<string, string>>[];
}

/** The shared validation messages of a language that a part holds: the general ones in the core, the areas' own with the others. */
export function pickMessages(shared: SharedMessages, lang: string, part: StringPart): Record<string, string> {
  if (part !== 'core' && part !== 'others') return {};
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
 * core, the areas' own (attendance, exams, chat, …: 5.5 KB gzip, used by those areas' pages only) with
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
