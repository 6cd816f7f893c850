import { Input, type InputRef } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/translations';

export interface TextFieldProps {
  /** put on the native <input>, so browser tests can fill it */
  testid: string;
  value: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  placeholder?: string;
  /** an already translated message, shown under the field */
  error?: string;
  type?: 'text' | 'password' | 'tel' | 'email';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  maxLength?: number;
  readOnly?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** drawn at the right end of the field (a send-code button) */
  extra?: ReactNode;
  onEnterPress?: () => void;
  hint?: ReactNode;
  className?: string;
}

/** A labelled input with its error under it; password fields get a show/hide eye. */
export function TextField(props: TextFieldProps) {
  const { t } = useTranslation();
  const ref = useRef<InputRef>(null);
  const [visible, setVisible] = useState(false);
  const isPassword = props.type === 'password';
  const id = useId();

  useLayoutEffect(() => {
    const native = ref.current?.nativeElement;
    if (!native) return;
    native.setAttribute('data-testid', props.testid);
    if (props.inputMode) native.setAttribute('inputmode', props.inputMode);
    native.setAttribute('aria-invalid', props.error ? 'true' : 'false');
  });

  const inputType = isPassword
    ? visible
      ? 'text'
      : 'password'
    : props.type === 'tel'
      ? 'tel'
      : props.type === 'email'
        ? 'email'
        : 'text';

  return (
    <div className={`field${props.error ? ' field-invalid' : ''}${props.className ? ` ${props.className}` : ''}`}>
      {props.label ? (
        <label className="field-label" htmlFor={id}>
          {props.label}
        </label>
      ) : null}
      <div className="field-control">
        <Input
          ref={ref}
          value={props.value}
          onChange={props.onChange}
          placeholder={props.placeholder}
          type={inputType}
          maxLength={props.maxLength}
          readOnly={props.readOnly}
          disabled={props.disabled}
          autoComplete={props.autoComplete}
          onEnterPress={props.onEnterPress}
          clearable={!props.readOnly && !isPassword}
          id={id}
          // named by its <label>; a field without one by its placeholder
          aria-label={props.label ? undefined : props.placeholder}
        />
        {isPassword ? (
          <button
            type="button"
            className="field-eye"
            aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
            data-testid={`${props.testid}-toggle`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        ) : null}
        {props.extra ? <div className="field-extra">{props.extra}</div> : null}
      </div>
      {props.hint && !props.error ? <div className="field-hint">{props.hint}</div> : null}
      {props.error ? (
        <div className="field-error" role="alert" data-testid={`${props.testid}-error`}>
          {props.error}
        </div>
      ) : null}
    </div>
  );
}
