/**
 * The date-time field's values: the form keeps the format it always had, a local "2026-09-01T08:30"
 * ('' for none), and the picker works on Dates. Small and pure, so the field itself stays light and
 * the picker (DateTimePickerSheet) is fetched only when a field is opened.
 */

export type DateColumn = 'year' | 'month' | 'day' | 'hour' | 'minute';
export const DATE_COLUMNS: readonly DateColumn[] = ['year', 'month', 'day', 'hour', 'minute'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The field's value for a Date: "2026-09-01T08:30" in local time. */
export function toFieldValue(d: Date) {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The Date of a field value (local time); null for '' or anything unreadable. */
export function fromFieldValue(value: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1 ? null : date;
}

/** The value of one column of a date (the month counted from 1). */
export function columnValue(d: Date, column: DateColumn) {
  switch (column) {
    case 'year':
      return d.getFullYear();
    case 'month':
      return d.getMonth() + 1;
    case 'day':
      return d.getDate();
    case 'hour':
      return d.getHours();
    default:
      return d.getMinutes();
  }
}

const daysIn = (year: number, month0: number) => new Date(year, month0 + 1, 0).getDate();

/**
 * The date `steps` on in one column, as the keyboard moves it: a year or a month keeps the day where
 * the month has it (31 March, a month on, is 30 April); a day, an hour or a minute carries over. The
 * result is held within [min, max].
 */
export function stepColumn(d: Date, column: DateColumn, steps: number, min?: Date | null, max?: Date | null) {
  const next = new Date(d.getTime());
  if (column === 'year' || column === 'month') {
    const months = d.getFullYear() * 12 + d.getMonth() + (column === 'year' ? steps * 12 : steps);
    const year = Math.floor(months / 12);
    const month0 = months - year * 12;
    next.setFullYear(year, month0, Math.min(d.getDate(), daysIn(year, month0)));
  } else if (column === 'day') {
    next.setDate(d.getDate() + steps);
  } else if (column === 'hour') {
    next.setHours(d.getHours() + steps);
  } else {
    next.setMinutes(d.getMinutes() + steps);
  }
  return clampDate(next, min, max);
}

/** A date held within [min, max] (either may be absent). */
export function clampDate(d: Date, min?: Date | null, max?: Date | null) {
  if (min && d.getTime() < min.getTime()) return new Date(min.getTime());
  if (max && d.getTime() > max.getTime()) return new Date(max.getTime());
  return d;
}

/** The BCP 47 tag the app's language formats dates with. */
export const dateLocale = (language: string) => (language === 'en' ? 'en-US' : 'zh-CN');

/** A date as the app's language writes it: "2026年9月1日周二 08:30", "Tue, Sep 1, 2026, 08:30". */
export function formatDateTime(d: Date, language: string) {
  return new Intl.DateTimeFormat(dateLocale(language), {
    year: 'numeric',
    month: language === 'en' ? 'short' : 'long',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}
