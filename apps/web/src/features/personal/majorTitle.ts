import { MAJOR_CATALOGUE } from '@paiclass/shared';
import { currentLanguage } from '../../lib/i18n';

/** A major as the reader's language names it: a catalogue major by its entry, a typed one as typed. */
export function majorTitle(m: { type: string; id: string; title: string }) {
  const entry = m.type !== '0' ? MAJOR_CATALOGUE[m.type as '1' | '2' | '3']?.find((c) => c.id === m.id) : undefined;
  if (!entry) return m.title;
  return currentLanguage() === 'en' ? entry.en : entry.zh;
}
