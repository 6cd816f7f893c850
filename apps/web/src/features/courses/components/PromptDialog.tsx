import { Dialog } from 'antd-mobile';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';

/** Thrown by a prompt's `submit` to close it and go one step back in a flow (transfer: back to the account). */
export class PromptBack extends Error {}

export interface PromptOptions {
  title: string;
  message?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'password';
  initialValue?: string;
  /** an already translated message to show at once (the step before failed) */
  initialError?: string;
  maxLength?: number;
  confirmText?: string;
  danger?: boolean;
  /**
   * prefix of the test hooks: `<testid>-dialog` (the dialog), `<testid>-input`, `<testid>-input-error`,
   * `<testid>-confirm`, `<testid>-cancel`
   */
  testid: string;
  /**
   * Checks and acts on the value. Returns a translated message to keep the dialog open with it, or
   * nothing to close it; a thrown refusal shows its message; a thrown PromptBack closes with 'back'.
   */
  submit: (value: string) => Promise<string | undefined> | string | undefined;
}

export type PromptResult = 'done' | 'cancel' | 'back';

interface Open {
  options: PromptOptions;
  resolve: (result: PromptResult) => void;
}

/**
 * A dialog with one input (the second confirmation of delete, quit and transfer, a new course name,
 * a question title). `prompt()` resolves once the dialog is done with; render `element` in the page.
 */
export function usePrompt() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open | null>(null);
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const valueRef = useRef('');
  valueRef.current = value;

  const prompt = useCallback((options: PromptOptions) => {
    return new Promise<PromptResult>((resolve) => {
      setValue(options.initialValue ?? '');
      setError(options.initialError);
      setOpen({ options, resolve });
      setVisible(true);
    });
  }, []);

  const finish = (result: PromptResult) => {
    setVisible(false);
    open?.resolve(result);
  };

  const confirm = async () => {
    if (!open) return;
    try {
      const message = await open.options.submit(valueRef.current);
      if (message) setError(message);
      else finish('done');
    } catch (e) {
      if (e instanceof PromptBack) finish('back');
      else setError(errorMessage(e));
    }
  };

  const options = open?.options;
  const element = options ? (
    <Dialog
      visible={visible}
      title={options.title}
      closeOnMaskClick={false}
      // on the page's body, not inside the page: a prompt opened from a popup (a sheet of classes) shows above it
      getContainer={() => document.body}
      afterClose={() => setOpen((current) => (current === open ? null : current))}
      content={
        <div className="prompt-body">
          <BodyTestId id={`${options.testid}-dialog`} />
          {options.message ? <div className="prompt-message">{options.message}</div> : null}
          <TextField
            testid={`${options.testid}-input`}
            className="prompt-field"
            type={options.type ?? 'text'}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(undefined);
            }}
            placeholder={options.placeholder}
            maxLength={options.maxLength}
            error={error}
            onEnterPress={() => void confirm()}
            autoComplete={options.type === 'password' ? 'current-password' : 'off'}
          />
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: () => finish('cancel'), ...testId(`${options.testid}-cancel`) },
          {
            key: 'confirm',
            text: options.confirmText ?? t('common.confirm'),
            bold: true,
            danger: options.danger,
            onClick: confirm,
            ...testId(`${options.testid}-confirm`),
          },
        ],
      ]}
    />
  ) : null;

  return { prompt, element };
}
