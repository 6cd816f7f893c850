import { Button, Checkbox } from 'antd-mobile';
import { CloseOutline, UploadOutline } from 'antd-mobile-icons';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../../../lib/translations';
import type { useUploads } from '../hooks/useUploads';
import { formatSize } from '../utils';
import { TypeIcon } from './TypeIcon';
import { UploadList } from './UploadList';

/** A file already stored that the form keeps unless removed (an edited item's, a resubmission's). */
export interface KeptFile {
  id: number;
  name: string;
  size: number | string;
  mime?: string;
}

export interface FilePickerProps {
  /** the page's `useUploads`: its limits (VIP, video only, photos scaled down) are the page's */
  uploads: ReturnType<typeof useUploads>;
  label: ReactNode;
  /** the pick button's text */
  pickLabel: string;
  /** says which limit applies (issue 12: the hint names the limit) */
  hint: ReactNode;
  /** translated; marks the field invalid */
  error?: string;
  errorTestid: string;
  /** called when files are chosen (to clear the field's error) */
  onPicked?: () => void;
  multiple?: boolean;
  accept?: string;
  /** files already stored, shown first with a remove button; `keptTestid` prefixes their test ids */
  kept?: KeptFile[];
  onRemoveKept?: (id: number) => void;
  keptTestid?: string;
  /** a line under each kept file's name */
  keptNote?: string;
  /** the "original" choice: when unchecked, phone photos over 5 MB are scaled down before upload */
  keepOriginal?: { checked: boolean; onChange: (checked: boolean) => void };
}

/**
 * The one file picker of the forms that take attachments (a new or edited homework, a new material,
 * a homework handed in): the files kept from before, the files being uploaded with their progress,
 * a pick button over a hidden file input, the optional "original" choice, the hint naming the limit
 * and the field's error (issue 12, item 16).
 */
export function FilePicker({
  uploads,
  label,
  pickLabel,
  hint,
  error,
  errorTestid,
  onPicked,
  multiple = true,
  accept,
  kept = [],
  onRemoveKept,
  keptTestid = 'kept',
  keptNote,
  keepOriginal,
}: FilePickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label">{label}</div>
      {kept.length > 0 ? (
        <ul className="upload-list" data-testid={`${keptTestid}-files`}>
          {kept.map((f) => (
            <li key={f.id} className="upload-row is-done" data-testid={`${keptTestid}-file`} data-id={f.id}>
              <TypeIcon item={{ item_type: 1, contenttype: 2, attachment: [f] }} />
              <div className="upload-text">
                <div className="upload-name-line">
                  <span className="upload-name">{f.name}</span>
                  <span className="muted small upload-size">{formatSize(Number(f.size))}</span>
                </div>
                {keptNote ? <span className="muted small">{keptNote}</span> : null}
              </div>
              {onRemoveKept ? (
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => onRemoveKept(f.id)}
                  aria-label={t('materials.upload.remove')}
                  data-testid={`${keptTestid}-remove`}
                >
                  <CloseOutline />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <UploadList entries={uploads.entries} onRetry={uploads.retry} onRemove={uploads.remove} />
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload-input"
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (chosen.length) {
            uploads.add(chosen);
            onPicked?.();
          }
        }}
      />
      <Button
        block
        shape="rounded"
        fill="outline"
        color="primary"
        className="upload-pick"
        onClick={() => input.current?.click()}
        data-testid="upload-pick"
      >
        <UploadOutline /> {pickLabel}
      </Button>
      {keepOriginal ? (
        <Checkbox
          className="hw-keep-original"
          checked={keepOriginal.checked}
          onChange={keepOriginal.onChange}
          data-testid="keep-original"
        >
          {t('homework.submit.keepOriginal')}
        </Checkbox>
      ) : null}
      <div className="field-hint">{hint}</div>
      {error ? (
        <div className="field-error" role="alert" data-testid={errorTestid}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
