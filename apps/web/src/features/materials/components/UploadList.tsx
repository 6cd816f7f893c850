import { Button, ProgressBar } from 'antd-mobile';
import { CheckCircleFill, CloseOutline, ExclamationCircleFill, RedoOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translations';
import { percentOf, type UploadEntry } from '../hooks/useUploads';
import { formatSize } from '../utils';
import { TypeIcon } from './TypeIcon';

/** The files of the upload form, each with its progress bar, state, retry and remove. */
export function UploadList({
  entries,
  onRetry,
  onRemove,
}: {
  entries: UploadEntry[];
  onRetry: (key: number) => void;
  onRemove: (key: number) => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <ul className="upload-list" data-testid="upload-list">
      {entries.map((entry) => {
        const percent = percentOf(entry);
        const mime = entry.file.type || 'application/octet-stream';
        return (
          <li key={entry.key} className={`upload-row is-${entry.status}`} data-testid="upload-row" data-status={entry.status}>
            <TypeIcon item={{ item_type: 1, contenttype: 2, attachment: [{ mime, name: entry.file.name }] }} />
            <div className="upload-text">
              <div className="upload-name-line">
                <span className="upload-name" data-testid="upload-name">
                  {entry.file.name}
                </span>
                <span className="muted small upload-size">{formatSize(entry.file.size)}</span>
              </div>
              {entry.scaledFrom ? (
                <span className="muted small" data-testid="upload-scaled">
                  {t('materials.upload.scaledFrom', { size: formatSize(entry.scaledFrom) })}
                </span>
              ) : null}
              {entry.status === 'uploading' ? (
                <>
                  <div
                    role="progressbar"
                    aria-valuenow={percent}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={entry.file.name}
                  >
                    <ProgressBar percent={percent} className="upload-progress" data-testid="upload-progress" />
                  </div>
                  <span className="muted small" data-testid="upload-state">
                    {entry.progress.phase === 'hashing'
                      ? t('materials.upload.hashing', { percent })
                      : t('materials.upload.sending', { percent })}
                  </span>
                </>
              ) : entry.status === 'done' ? (
                <span className="upload-done small" data-testid="upload-state">
                  <CheckCircleFill /> {t('materials.upload.done')}
                </span>
              ) : (
                <span className="danger-text small upload-error" role="alert" data-testid="upload-error">
                  <ExclamationCircleFill /> {entry.error}
                </span>
              )}
            </div>
            {entry.status === 'failed' ? (
              <Button
                size="mini"
                shape="rounded"
                onClick={() => onRetry(entry.key)}
                data-testid="upload-retry"
                aria-label={t('materials.upload.retry')}
              >
                <RedoOutline /> {t('materials.upload.retry')}
              </Button>
            ) : null}
            <button
              type="button"
              className="icon-button"
              onClick={() => onRemove(entry.key)}
              aria-label={t('materials.upload.remove')}
              data-testid="upload-remove"
            >
              <CloseOutline />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
