import { CORE_CODES } from '@paiclass/shared';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage, withTimestamp } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { accountsApi, type FigureCode } from '../api';

export interface FigureCodePopupProps {
  visible: boolean;
  onClose: () => void;
  /**
   * Uses the picture code (sends the SMS or email code). A wrong picture code (21008) keeps the
   * popup open with its message and a new picture; any other refusal is handed to onFailure.
   */
  onSubmit: (verify: string, sessionid: string) => Promise<void>;
  onFailure: (error: unknown) => void;
  /** what the picture code is for; by default, sending a code */
  tip?: string;
}

/** The picture-code step before a code is sent (spec 1 §4, §8). */
export function FigureCodePopup({ visible, onClose, onSubmit, onFailure, tip }: FigureCodePopupProps) {
  const { t } = useTranslation();
  const [figure, setFigure] = useState<FigureCode | null>(null);
  const [src, setSrc] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    try {
      const next = await accountsApi.getFigureCode();
      setFigure(next);
      setSrc(withTimestamp(next.url));
    } catch (e) {
      setFigure(null);
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!visible) return;
    setValue('');
    setError(undefined);
    void load();
  }, [visible, load]);

  const refresh = () => {
    if (figure) setSrc(withTimestamp(figure.url));
    else void load();
  };

  const submit = async () => {
    if (!figure) return;
    if (!value.trim()) {
      setError(t('validation.figureCodeRequired'));
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      await onSubmit(value.trim(), figure.sessionid);
    } catch (e) {
      if (e instanceof ApiError && e.code === CORE_CODES.figureCodeWrong) {
        // spec 1 §8: the message shows in the popup and the picture is refreshed
        setError(e.message);
        setValue('');
        setSrc(withTimestamp(figure.url));
      } else {
        onFailure(e);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="figure-popup" destroyOnClose>
      <BodyTestId id="figure-code-popup" />
      <div className="figure-popup-head">
        <span className="figure-popup-title">{t('figure.title')}</span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          data-testid="figure-code-close"
          onClick={onClose}
        >
          <CloseOutline />
        </button>
      </div>
      <p className="figure-popup-tip" data-testid="figure-code-tip">
        {tip ?? t('figure.tip')}
      </p>
      <div className="figure-row">
        <TextField
          testid="figure-code-input"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(undefined);
          }}
          placeholder={t('figure.placeholder')}
          maxLength={8}
          autoComplete="off"
          onEnterPress={submit}
          className="figure-input"
        />
        <button
          type="button"
          className="figure-img-button"
          onClick={refresh}
          aria-label={t('figure.refresh')}
          data-testid="figure-code-refresh"
        >
          {src ? (
            <img src={src} alt={t('figure.alt')} data-testid="figure-code-img" className="figure-img" />
          ) : (
            <span className="figure-img figure-img-empty">{loading ? <DotLoading /> : t('figure.reload')}</span>
          )}
        </button>
      </div>
      <div className="figure-refresh-tip">{t('figure.tapToRefresh')}</div>
      {error ? (
        <div className="field-error figure-error" role="alert" data-testid="figure-code-error">
          {error}
        </div>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        loading={submitting}
        disabled={!figure || submitting}
        onClick={submit}
        data-testid="figure-code-confirm"
        className="figure-confirm"
      >
        {t('figure.confirm')}
      </Button>
    </Popup>
  );
}
