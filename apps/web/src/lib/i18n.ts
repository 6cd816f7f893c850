import { DEFAULT_LANGUAGE, LANGUAGES, type Language, validationMessages } from '@paiclass/shared';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh from '../locales/zh.json';
import { local, STORAGE_KEYS } from './storage';

type Tree = { [key: string]: string | Tree };

/** Nested locale files become flat dotted keys, so 'login.title' and 'validation.phone' resolve alike. */
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

// Chinese, the default, is part of the first load; another language's strings (and antd-mobile's own
// texts for it) are fetched only when it becomes the active one (issue 10)
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: { ...flatten(zh as Tree), ...validationMessages.zh } } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  partialBundledLanguages: true,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** antd-mobile's texts for the languages loaded so far; Chinese is main.tsx's static default. */
const antdLocales: Partial<Record<Language, AntdLocale>> = {};
export const antdLocaleFor = (lang: string): AntdLocale | undefined => (isLanguage(lang) ? antdLocales[lang] : undefined);

const loading = new Map<Language, Promise<void>>();

/** Fetches a language's strings once; Chinese is always there. A failed fetch can be tried again. */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === DEFAULT_LANGUAGE || i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = Promise.all([import('../locales/en.json'), import('antd-mobile/es/locales/en-US')]).then(([strings, antd]) => {
      i18n.addResourceBundle(
        lang,
        'translation',
        { ...flatten(strings.default as Tree), ...validationMessages[lang] },
        true,
        true,
      );
      antdLocales[lang] = antd.default;
    });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

let wanted: Language | null = null;

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
  } catch {
    return;
  }
  // a later choice made while this one was loading wins
  if (wanted !== lang) return;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export default i18n;
