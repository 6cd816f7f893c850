import { DEFAULT_LANGUAGE } from '@paiclass/shared';
import { useMemo, useSyncExternalStore } from 'react';

/** A page's words: a flat dotted key ('common.retry') and the values of its `{{placeholders}}`. */
export type TFunction = (key: string, values?: Record<string, unknown>) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The interface's strings by language and the language in use (decision 019). PaiClass's strings
 * are flat keys with `{{name}}` placeholders; a numeric `count` picks the language's plural form
 * `key_one`, `key_few`, … by Intl.PluralRules where the language has it (issue 25: "1 questions"),
 * else `key`; no nesting or formats. The
 * default language answers for a key another language lacks, and a key no language has shows as
 * itself. React re-renders the users of `useTranslation` when the language or the strings change.
 */
export class Translations {
  private readonly strings: Record<string, Record<string, string>> = {};
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    public language: string,
    private readonly fallback: string,
  ) {}

  /** Adds (or replaces) strings of a language: a locale part once fetched. */
  addStrings(lang: string, strings: Record<string, string>) {
    this.strings[lang] = { ...this.strings[lang], ...strings };
    this.changed();
  }

  exists(key: string) {
    return key in (this.strings[this.language] ?? {}) || key in (this.strings[this.fallback] ?? {});
  }

  /** The string of `key` in the language in use, its placeholders filled; a missing value leaves the place empty. */
  t: TFunction = (key, values) => {
    const text = this.plural(key, values?.count) ?? this.strings[this.language]?.[key] ?? this.strings[this.fallback]?.[key];
    if (text === undefined) return key;
    if (!values) return text;
    return text.replace(PLACEHOLDER, (_all, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? '' : String(value);
    });
  };

  private rules = new Map<string, Intl.PluralRules>();

  /** The language's own plural form of `key` for `count` (`key_one`, …), when it has one. */
  private plural(key: string, count: unknown): string | undefined {
    if (typeof count !== 'number' || !Number.isFinite(count)) return undefined;
    let rules = this.rules.get(this.language);
    if (!rules) {
      try {
        rules = new Intl.PluralRules(this.language);
      } catch {
        return undefined;
      }
      this.rules.set(this.language, rules);
    }
    return this.strings[this.language]?.[`${key}_${rules.select(count)}`];
  }

  changeLanguage(lang: string) {
    if (lang === this.language) return;
    this.language = lang;
    this.changed();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.version;

  private changed() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

/** The app's one set of strings: Chinese first (lib/i18n.ts adds the core strings and fetches the rest). */
export const translations = new Translations(DEFAULT_LANGUAGE, DEFAULT_LANGUAGE);

/**
 * The translation function of the language in use, and the strings themselves. `t` is a new function
 * whenever the language or the strings change, so memoised values that depend on it are recomputed.
 */
export function useTranslation() {
  const version = useSyncExternalStore(translations.subscribe, translations.snapshot, translations.snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is what makes t new
  const t = useMemo<TFunction>(() => (key, values) => translations.t(key, values), [version]);
  return { t, i18n: translations };
}
