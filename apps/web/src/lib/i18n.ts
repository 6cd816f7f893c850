import { DEFAULT_LANGUAGE, LANGUAGES, type Language, validationMessages } from '@paiclass/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
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

void i18n.use(initReactI18next).init({
  resources: {
    zh: { translation: { ...flatten(zh as Tree), ...validationMessages.zh } },
    en: { translation: { ...flatten(en as Tree), ...validationMessages.en } },
  },
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Switches the interface language and remembers it on this device. */
export function applyLanguage(lang: string | undefined | null) {
  if (!isLanguage(lang)) return;
  local.set(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export default i18n;
