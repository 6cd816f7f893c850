import zhCore from 'virtual:locales/zh/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@paiclass/shared';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import { local, STORAGE_KEYS } from './storage';
import { translations as i18n } from './translations';

type Tree = { [key: string]: string | Tree };

/** Nested locale files become flat dotted keys, so 'common.retry' and 'validation.phone' resolve alike. */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** spec 1 §1: the account's language when logged in, else the device's choice, else Chinese. */
export function initialLanguage(): Language {
  const stored = local.get(STORAGE_KEYS.lang);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

// Chinese core strings (locales/groups.ts), the default, are part of the first load; the pages' strings
// come with the first page that needs them, another language's strings (and antd-mobile's own
// texts for it) only when it becomes the active one (issue 10)
i18n.addStrings(DEFAULT_LANGUAGE, flatten(zhCore as Tree));

/** antd-mobile's texts for the languages loaded so far; Chinese is main.tsx's static default. */
const antdLocales: Partial<Record<Language, AntdLocale>> = {};
export const antdLocaleFor = (lang: string): AntdLocale | undefined => (isLanguage(lang) ? antdLocales[lang] : undefined);

/**
 * The chunks of the locale strings (build/localeGroups.ts): the core of the first load, the account
 * pages' words with the general validation messages, the course list's words, the courses' part, the others.
 */
type Chunk = 'core' | 'account' | 'list' | 'courses' | 'others';

/**
 * What a page asks for: the core, the account pages' words (`account`), the course list's words
 * (`list`), the courses' words (`courses`: the list's popups and menu, with the validation messages of
 * their forms), or all the pages' strings (`pages`).
 */
export type StringPart = 'core' | 'account' | 'list' | 'courses' | 'pages';
const CHUNKS: Record<StringPart, Chunk[]> = {
  core: ['core'],
  account: ['account'],
  list: ['list'],
  courses: ['account', 'list', 'courses'],
  pages: ['account', 'list', 'courses', 'others'],
};

type Loader = () => Promise<{ default: Tree }>;

/** Each language's parts; a literal import each, so the build makes each part its own chunk. */
const parts: Record<Language, Record<Chunk, Loader>> = {
  zh: {
    core: () => Promise.resolve({ default: zhCore as Tree }),
    account: () => import('virtual:locales/zh/account'),
    list: () => import('virtual:locales/zh/list'),
    courses: () => import('virtual:locales/zh/courses'),
    others: () => import('virtual:locales/zh/others'),
  },
  en: {
    core: () => import('virtual:locales/en/core'),
    account: () => import('virtual:locales/en/account'),
    list: () => import('virtual:locales/en/list'),
    courses: () => import('virtual:locales/en/courses'),
    others: () => import('virtual:locales/en/others'),
  },
};

let wanted: Language | null = null;

/** The chunks in use: the core always, the pages' ones once a page outside the core asked for them. */
const wantedParts = new Set<Chunk>(['core']);
const loading = new Map<string, Promise<void>>([['zh/core', Promise.resolve()]]);

/** Fetches one chunk of a language's strings once; a failed fetch can be tried again. */
function loadPart(lang: Language, part: Chunk): Promise<void> {
  const key = `${lang}/${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = parts[lang][part]().then((strings) => {
      i18n.addStrings(lang, flatten(strings.default));
    });
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * The strings of a part for the language in use (and for any language chosen later): a page's
 * loader awaits them with its chunk, so no page renders a raw key.
 */
export function loadStrings(part: StringPart): Promise<void> {
  const chunks = CHUNKS[part];
  for (const chunk of chunks) wantedParts.add(chunk);
  // a language being switched to gets the part too: its load may have started before this part was wanted
  const langs = new Set([currentLanguage(), wanted ?? currentLanguage()]);
  return Promise.all([...langs].flatMap((lang) => chunks.map((chunk) => loadPart(lang, chunk)))).then(() => undefined);
}

/** Fetches a language's strings (the parts in use) and antd-mobile's texts for it once; Chinese's are in main.tsx. */
export function loadLanguage(lang: Language): Promise<void> {
  const strings = [...wantedParts].map((part) => loadPart(lang, part));
  if (lang !== DEFAULT_LANGUAGE && !antdLocales[lang]) {
    strings.push(
      import('antd-mobile/es/locales/en-US').then((antd) => {
        antdLocales[lang] = antd.default;
      }),
    );
  }
  return Promise.all(strings).then(() => undefined);
}

/**
 * Switches the interface language and remembers it on this device. The strings are fetched first,
 * so nothing shows half in one language; resolves once the language is in use (or stays, if the
 * fetch failed: the previous language keeps showing).
 */
export async function applyLanguage(lang: string | undefined | null): Promise<void> {
  if (!isLanguage(lang)) return;
  local.set(STORAGE_KEYS.lang, lang);
  wanted = lang;
  try {
    await loadLanguage(lang);
    // and any part first wanted while those were loading
    await loadLanguage(lang);
  } catch {
    return;
  }
  // a later choice made while this one was loading wins
  if (wanted !== lang) return;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export default i18n;
