import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { FormError } from '../../../components/FormError';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';

/** Reasons (returning, sharing) have 1 to 200 characters (packages/shared homework schemas). */
export const REASON_MAX = 200;

/**
 * A bottom sheet asking for a reason (why a submission is shared), required and at most 200
 * characters; `emptyKey` is the message when it is left empty. Test ids: `<testid>` on the sheet,
 * `<testid>-input`, `<testid>-confirm`, `<testid>-error`.
 */
export function ReasonPopup({
  open,
  title,
  tip,
  placeholder,
  confirmText,
  emptyKey,
  testid,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  tip?: ReactNode;
  placeholder: string;
  confirmText: string;
  emptyKey: string;
  testid: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);

  const confirm = async () => {
    if (!reason.trim()) {
      setError(t(emptyKey));
      return;
    }
    setSaving(true);
    try {
      await onConfirm(reason.trim());
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup">
      <BodyTestId id={testid} />
      <div className="sheet-head">
        <span className="sheet-title">{title}</span>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutline />
        </button>
      </div>
      {tip ? <div className="sheet-tip">{tip}</div> : null}
      <textarea
        className="hw-textarea"
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
        maxLength={REASON_MAX}
        rows={4}
        placeholder={placeholder}
        aria-label={title}
        data-testid={`${testid}-input`}
      />
      <div className="hw-count muted small">
        {reason.length}/{REASON_MAX}
      </div>
      <FormError message={error} testid={`${testid}-error`} />
      <Button
        block
        color="primary"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void confirm()}
        data-testid={`${testid}-confirm`}
      >
        {confirmText}
      </Button>
    </Popup>
  );
}
