import type { ReactNode } from 'react';
import './DateTimeField.css';

/**
 * A date and time in local time, with the phone's own picker (`datetime-local`). The value is the
 * input's ("2026-09-01T08:30"), '' for none; the input carries `testid`, its error `<testid>-error`.
 */
export function DateTimeField({
  testid,
  label,
  value,
  onChange,
  error,
  hint,
  min,
}: {
  testid: string;
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  min?: string;
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      {label ? <div className="field-label">{label}</div> : null}
      <div className="field-control">
        <input
          type="datetime-local"
          className="datetime-input"
          value={value}
          min={min}
          onChange={(e) => onChange(e.target.value)}
          aria-label={typeof label === 'string' ? label : undefined}
          aria-invalid={error ? 'true' : 'false'}
          data-testid={testid}
        />
      </div>
      {hint && !error ? <div className="field-hint">{hint}</div> : null}
      {error ? (
        <div className="field-error" role="alert" data-testid={`${testid}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
