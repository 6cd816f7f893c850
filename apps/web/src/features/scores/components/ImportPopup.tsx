import { SCORE_IMPORT_MAX_BYTES } from '@paiclass/shared';
import { Button, Popup, Toast } from 'antd-mobile';
import { CloseOutline, DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { FormError } from '../../../components/FormError';
import { errorMessage, showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { importTemplate, saveBlob, scoresApi } from '../api';
import type { ScoreImport } from '../types';

/**
 * Imports scores from an .xlsx: download the template (students and the course's own columns), fill
 * it in, upload it. A file with any wrong row writes nothing and lists every problem by row; a good
 * one says how many scores were written.
 */
export function ImportPopup({
  courseId,
  open,
  onClose,
  onImported,
}: {
  courseId: number;
  open: boolean;
  onClose: () => void;
  onImported: () => unknown;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<ScoreImport | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'template' | 'upload' | null>(null);

  useEffect(() => {
    if (open) {
      setResult(null);
      setError(undefined);
    }
  }, [open]);

  const template = async () => {
    setBusy('template');
    try {
      const file = await importTemplate(courseId);
      saveBlob(file.blob, file.name);
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(undefined);
    if (!/\.xlsx$/i.test(file.name)) return setError(t('scores.import.notXlsx'));
    if (file.size > SCORE_IMPORT_MAX_BYTES) return setError(t('scores.import.tooLarge'));
    setBusy('upload');
    try {
      const answer = await scoresApi.importScores(courseId, file);
      setResult(answer);
      if (answer.problems.length === 0) {
        Toast.show({ icon: 'success', content: t('scores.import.done', { count: answer.saved }) });
        await onImported();
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  const failed = result !== null && result.problems.length > 0;
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup score-sheet">
      <BodyTestId id="score-import-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('scores.import.title')}</span>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="score-import-close"
        >
          <CloseOutline />
        </button>
      </div>
      <ol className="import-steps">
        <li>
          <span>{t('scores.import.step1')}</span>
          <Button
            size="small"
            shape="rounded"
            loading={busy === 'template'}
            onClick={() => void template()}
            data-testid="score-import-template"
          >
            <DownlandOutline /> {t('scores.import.template')}
          </Button>
        </li>
        <li>
          <span>{t('scores.import.step2')}</span>
        </li>
        <li>
          <span>{t('scores.import.step3')}</span>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            loading={busy === 'upload'}
            onClick={() => input.current?.click()}
            data-testid="score-import-choose"
          >
            <UploadOutline /> {t('scores.import.choose')}
          </Button>
        </li>
      </ol>
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => void upload(e.target.files?.[0])}
        data-testid="score-import-file"
      />
      <p className="muted small import-rules">{t('scores.import.rules')}</p>
      <FormError message={error} testid="score-import-error" />
      {result && !failed ? (
        <div className="import-result" data-testid="score-import-result">
          {t('scores.import.summary', { count: result.saved, columns: result.columns.join(t('scores.import.joiner')) })}
          {result.ignored.length ? (
            <div className="muted small">
              {t('scores.import.ignored', { headers: result.ignored.join(t('scores.import.joiner')) })}
            </div>
          ) : null}
        </div>
      ) : null}
      {failed ? (
        <div className="import-problems" data-testid="score-import-problems">
          <div className="import-problems-head" role="alert">
            {t('scores.import.failed', { count: result.problems.length })}
          </div>
          <ul>
            {result.problems.map((p) => (
              <li key={`${p.row}-${p.field}-${p.message}`} data-testid="score-import-problem">
                <strong>{t('scores.import.row', { row: p.row })}</strong>
                {p.field ? <span className="muted"> · {p.field}</span> : null}
                <div>{p.message}</div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Popup>
  );
}
