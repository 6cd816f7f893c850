import { DownlandOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { TypeIcon } from '../../materials/components/TypeIcon';
import { formatSize } from '../../materials/utils';
import type { WorkFile } from '../types';
import { previewKind } from '../utils';

/**
 * Files of a homework or a submission, each with "open" (in a new tab, where the browser can show
 * it) and "download"; pictures show a thumbnail. A file without an address (not downloadable for
 * the caller) shows its name only.
 */
export function FileLinks({ files, testid = 'file-row' }: { files: WorkFile[]; testid?: string }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className="hw-files">
      {files.map((f) => {
        const kind = previewKind(f);
        const opens = kind !== 'none' && Boolean(f.url);
        return (
          <li key={f.id} className="hw-file" data-testid={testid} data-id={f.id}>
            <TypeIcon item={{ item_type: 1, contenttype: 2, attachment: [f] }} />
            <span className="hw-file-text">
              <span className="hw-file-name" data-testid={`${testid}-name`}>
                {f.name}
              </span>
              <span className="muted small">{formatSize(Number(f.size))}</span>
              {kind === 'image' && f.url ? <img className="hw-file-thumb" src={f.url} alt={f.name} loading="lazy" /> : null}
            </span>
            <span className="hw-file-actions">
              {opens ? (
                <a
                  className="hw-file-action"
                  href={f.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('homework.file.open', { name: f.name })}
                  data-testid={`${testid}-open`}
                >
                  <EyeOutline />
                </a>
              ) : null}
              {f.download ? (
                <a
                  className="hw-file-action"
                  href={f.download}
                  download={f.name}
                  aria-label={t('homework.file.download', { name: f.name })}
                  data-testid={`${testid}-download`}
                >
                  <DownlandOutline />
                </a>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
