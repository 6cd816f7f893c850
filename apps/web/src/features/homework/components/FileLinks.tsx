import { previewKindOf } from '@paiclass/shared';
import { DownlandOutline, EyeOutline } from 'antd-mobile-icons';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { TypeIcon } from '../../materials/components/TypeIcon';
import { formatSize } from '../../materials/utils';
import { usePreviewPath } from '../../preview/api';
import type { WorkFile } from '../types';
import { previewKind } from '../utils';

/**
 * Files of a homework or a submission, each with "open" and "download"; pictures show a thumbnail.
 * Documents and pictures open in the preview page (page images, issue 12), text and media in a new
 * tab. A file without an address (not downloadable for the caller) shows its name only.
 */
export function FileLinks({ files, testid = 'file-row' }: { files: WorkFile[]; testid?: string }) {
  const { t } = useTranslation();
  const previewPath = usePreviewPath();
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
              {f.url && previewKindOf(f) !== 'none' ? (
                <Link
                  className="hw-file-action"
                  to={previewPath(f.id)}
                  aria-label={t('homework.file.preview', { name: f.name })}
                  data-testid={`${testid}-preview`}
                >
                  <EyeOutline />
                </Link>
              ) : opens ? (
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
