import { CheckList, List, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translations';

export interface PickerOption {
  value: string;
  label: string;
}

/**
 * A form row that opens a bottom sheet of choices (academic year, term). The row is `<testid>`, its
 * error `<testid>-error`, each choice `<testid>-option-<value>`.
 */
export function OptionPicker({
  testid,
  label,
  placeholder,
  options,
  value,
  onChange,
  error,
  required,
}: {
  required?: boolean;
  testid: string;
  label: string;
  placeholder: string;
  options: PickerOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = options.find((o) => o.value === value);
  return (
    <div className={`field picker-field${error ? ' field-invalid' : ''}`}>
      <div className="field-label">
        {label}
        {required ? <span className="required-mark"> *</span> : null}
      </div>
      <List className="picker-list">
        <List.Item onClick={() => setOpen(true)} data-testid={testid} arrowIcon>
          {chosen ? (
            <span className="picker-value">{chosen.label}</span>
          ) : (
            <span className="picker-placeholder">{placeholder}</span>
          )}
        </List.Item>
      </List>
      {error ? (
        <div className="field-error" role="alert" data-testid={`${testid}-error`}>
          {error}
        </div>
      ) : null}
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="picker-popup">
        <div className="figure-popup-head">
          <span className="figure-popup-title">{label}</span>
          <button type="button" className="icon-button" onClick={() => setOpen(false)} aria-label={t('common.close')}>
            <CloseOutline />
          </button>
        </div>
        <CheckList
          value={value ? [value] : []}
          onChange={(next) => {
            const picked = next[next.length - 1];
            if (picked !== undefined) onChange(String(picked));
            setOpen(false);
          }}
        >
          {options.map((o) => (
            <CheckList.Item key={o.value} value={o.value} data-testid={`${testid}-option-${o.value}`}>
              {o.label}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </div>
  );
}
