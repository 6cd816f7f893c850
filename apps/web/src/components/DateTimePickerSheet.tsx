import { DatePickerView, Popup } from 'antd-mobile';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../lib/translations';
import {
  clampDate,
  columnValue,
  DATE_COLUMNS,
  type DateColumn,
  formatDateTime,
  fromFieldValue,
  stepColumn,
  toFieldValue,
} from './dateTime';
import './DateTimeField.css';

export interface DateTimePickerSheetProps {
  testid: string;
  title?: ReactNode;
  visible: boolean;
  /** the field's value, "2026-09-01T08:30" or '' */
  value: string;
  min?: string;
  max?: string;
  /** offers Clear (an optional field with a value) */
  clearable: boolean;
  /** the new value ('' when cleared), or undefined when cancelled */
  onClose: (value?: string) => void;
}

/** How far PageUp/PageDown move each column. */
const PAGE: Record<DateColumn, number> = { year: 1, month: 3, day: 7, hour: 6, minute: 10 };
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date-time field's sheet (lazy: DateTimeField fetches this chunk when a field is first touched):
 * antd-mobile's DatePickerView at minute precision, its labels from the locale files, bounded by
 * min/max; over each wheel a spin button, so Tab, the arrows, PageUp/PageDown, Enter and Esc work it
 * on a PC and a screen reader reads each column by name.
 */
export default function DateTimePickerSheet({
  testid,
  title,
  visible,
  value,
  min,
  max,
  clearable,
  onClose,
}: DateTimePickerSheetProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const first = useRef<HTMLDivElement>(null);
  const minDate = useMemo(() => fromFieldValue(min), [min]);
  const maxDate = useMemo(() => fromFieldValue(max), [max]);
  // the wheels' range: the bounds given, else ten years either side of the value (or of now)
  const range = useMemo(() => {
    const around = fromFieldValue(value) ?? new Date();
    const lo = new Date(around.getFullYear() - 10, 0, 1);
    const hi = new Date(around.getFullYear() + 10, 11, 31, 23, 59);
    return { min: minDate ?? lo, max: maxDate ?? hi };
  }, [minDate, maxDate, value]);
  const initial = useCallback(() => clampDate(fromFieldValue(value) ?? new Date(), range.min, range.max), [value, range]);
  const [draft, setDraft] = useState<Date>(initial);
  // each opening starts from the field's value (or now), not from a draft left by a cancel
  useEffect(() => {
    if (visible) setDraft(initial());
  }, [visible, initial]);
  // the keyboard lands on the first wheel (the popup's first opening has no animation to wait for)
  useEffect(() => {
    if (!visible) return;
    const frame = requestAnimationFrame(() => first.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [visible]);
  // Esc cancels wherever the focus is (a tap on a wheel leaves it on the page)
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  const renderLabel = useCallback(
    (type: string, data: number) => {
      switch (type) {
        case 'year':
          return t('dateTime.year', { value: data });
        case 'month':
          return t(`dateTime.monthName.${data}`);
        case 'day':
          return t('dateTime.day', { value: data });
        case 'hour':
          return t('dateTime.hour', { value: pad(data) });
        case 'minute':
          return t('dateTime.minute', { value: pad(data) });
        default:
          return String(data);
      }
    },
    [t],
  );

  const confirm = () => onClose(toFieldValue(draft));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).getAttribute('role') === 'spinbutton') {
      e.preventDefault();
      confirm();
    }
  };
  const spinKeys = (column: DateColumn) => (e: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowUp: 1,
      ArrowDown: -1,
      PageUp: PAGE[column],
      PageDown: -PAGE[column],
    };
    const n = steps[e.key];
    if (n === undefined) return;
    e.preventDefault();
    setDraft((d) => stepColumn(d, column, n, range.min, range.max));
  };

  const bounds =
    minDate && maxDate
      ? t('dateTime.range', {
          min: formatDateTime(minDate, i18n.language),
          max: formatDateTime(maxDate, i18n.language),
        })
      : minDate
        ? t('dateTime.from', { min: formatDateTime(minDate, i18n.language) })
        : null;

  return (
    <Popup visible={visible} onMaskClick={() => onClose()} bodyClassName="dtp-sheet" destroyOnClose>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-keys`}
        onKeyDown={onKeyDown}
        data-testid={`${testid}-picker`}
      >
        <div className="dtp-head">
          <button type="button" className="dtp-text-button" onClick={() => onClose()} data-testid={`${testid}-cancel`}>
            {t('dateTime.cancel')}
          </button>
          <div className="dtp-title" id={`${id}-title`}>
            {title ?? t('dateTime.placeholder')}
          </div>
          <button type="button" className="dtp-text-button dtp-confirm" onClick={confirm} data-testid={`${testid}-confirm`}>
            {t('dateTime.confirm')}
          </button>
        </div>
        <div className="dtp-preview" aria-live="polite" data-testid={`${testid}-preview`}>
          {formatDateTime(draft, i18n.language)}
        </div>
        <div className="dtp-wheels">
          <DatePickerView
            value={draft}
            onChange={(d) => {
              if (d instanceof Date) setDraft(clampDate(d, range.min, range.max));
            }}
            min={range.min}
            max={range.max}
            precision="minute"
            renderLabel={renderLabel}
            mouseWheel
          />
          {/* one spin button over each wheel: the keyboard's and the screen reader's way in; touches pass through */}
          <div className="dtp-keys">
            {DATE_COLUMNS.map((column, i) => (
              <div
                key={column}
                ref={i === 0 ? first : undefined}
                role="spinbutton"
                tabIndex={0}
                className="dtp-key"
                aria-label={t(`dateTime.column.${column}`)}
                aria-valuenow={columnValue(draft, column)}
                aria-valuetext={String(
                  renderLabel(column, column === 'month' ? draft.getMonth() + 1 : columnValue(draft, column)),
                )}
                onKeyDown={spinKeys(column)}
                data-testid={`${testid}-${column}`}
              />
            ))}
          </div>
        </div>
        {bounds ? <div className="dtp-bounds">{bounds}</div> : null}
        <div className="dtp-foot">
          <div className="dtp-keys-hint" id={`${id}-keys`}>
            {t('dateTime.keys')}
          </div>
          {clearable ? (
            <button type="button" className="dtp-text-button" onClick={() => onClose('')} data-testid={`${testid}-clear`}>
              {t('dateTime.clear')}
            </button>
          ) : null}
        </div>
      </div>
    </Popup>
  );
}
