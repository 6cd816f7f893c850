import { type ComponentType, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from '../lib/translations';
import type { DateTimePickerSheetProps } from './DateTimePickerSheet';
import { formatDateTime, fromFieldValue } from './dateTime';
import './DateTimeField.css';

type Sheet = ComponentType<DateTimePickerSheetProps>;
let sheetLoad: Promise<Sheet> | null = null;
/** The picker's chunk (antd-mobile's DatePickerView and its gestures), fetched once, when a field is first touched. */
function loadSheet() {
  sheetLoad ??= import('./DateTimePickerSheet').then((m) => m.default);
  // a failed fetch (offline) can be tried again on the next tap
  sheetLoad.catch(() => {
    sheetLoad = null;
  });
  return sheetLoad;
}

/**
 * A date and time in local time with the app's own picker (issue 25): the field shows the value in
 * the app's language and opens a sheet of wheels (year, month, day, hour, minute) labelled from the
 * locale files, usable by touch, mouse wheel and keyboard. The value is "2026-09-01T08:30" ('' for
 * none), the format the forms always sent. `min`/`max` bound the wheels; `clearable` offers a Clear
 * for an optional field. The button carries `testid` and the value in `data-value`; the sheet
 * `<testid>-picker`; the error (the server's words) `<testid>-error`.
 */
export function DateTimeField({
  testid,
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  clearable = false,
}: {
  testid: string;
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  min?: string;
  max?: string;
  clearable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [open, setOpen] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const date = fromFieldValue(value);
  const shown = date ? formatDateTime(date, i18n.language) : '';

  const openSheet = () => {
    setLoadFailed(false);
    loadSheet().then(
      (s) => {
        setSheet(() => s);
        setOpen(true);
      },
      () => setLoadFailed(true),
    );
  };

  const message = error ?? (loadFailed ? t('dateTime.loadFailed') : undefined);
  const Picker = sheet;
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      {label ? (
        <div className="field-label" id={`${id}-label`}>
          {label}
        </div>
      ) : null}
      <div className="field-control">
        <button
          ref={button}
          type="button"
          className={`datetime-input${shown ? '' : ' datetime-empty'}`}
          onClick={openSheet}
          // fetched as the finger lands or the key focus arrives, so the sheet opens without a wait
          onPointerDown={() => void loadSheet().catch(() => undefined)}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-labelledby={label ? `${id}-label ${id}-value` : `${id}-value`}
          aria-invalid={message ? 'true' : 'false'}
          aria-describedby={message ? `${id}-error` : undefined}
          data-testid={testid}
          data-value={value}
        >
          <span id={`${id}-value`}>{shown || t('dateTime.placeholder')}</span>
          <svg className="datetime-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v10H5z" />
          </svg>
        </button>
      </div>
      {hint && !message ? <div className="field-hint">{hint}</div> : null}
      {message ? (
        <div className="field-error" role="alert" id={`${id}-error`} data-testid={`${testid}-error`}>
          {message}
        </div>
      ) : null}
      {Picker ? (
        <Picker
          testid={testid}
          title={label}
          visible={open}
          value={value}
          min={min}
          max={max}
          clearable={clearable && value !== ''}
          onClose={(next) => {
            setOpen(false);
            if (next !== undefined && next !== value) onChange(next);
            button.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
