import { previewKindOf } from '@paiclass/shared';
import { DownlandOutline, EyeOutline } from 'antd-mobile-icons';
import { Link } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import type { UploadedFile } from '../../../../lib/upload';
import { TypeIcon } from '../../../materials/components/TypeIcon';
import { fileKind, formatSize } from '../../../materials/utils';
import { usePreviewPath } from '../../../preview/api';
import '../../../materials/materials.css';

/**
 * A submission's files, to read on the phone: pictures shown in the page, pictures and documents
 * (PDF, office) opened in the preview page as page images (issue 12), plain text in a tab of its
 * own, any other file downloaded (spec 2 §2: grading on the phone).
 */
export function SubmissionFiles({ files, testid = 'submission-file' }: { files: UploadedFile[]; testid?: string }) {
  const { t } = useTranslation();
  const previewPath = usePreviewPath();
  if (files.length === 0) return <p className="muted small peer-no-files">{t('review.noFiles')}</p>;
  return (
    <ul className="peer-files">
      {files.map((file) => {
        const image = fileKind(file) === 'image';
        return (
          <li key={file.id} className="peer-file" data-testid={testid} data-id={file.id}>
            <div className="peer-file-line">
              <TypeIcon item={{ item_type: 1, contenttype: 2, attachment: [file] }} />
              <span className="peer-file-text">
                <span className="peer-file-name" data-testid={`${testid}-name`}>
                  {file.name}
                </span>
                <span className="muted small">{formatSize(Number(file.size))}</span>
              </span>
              {previewKindOf(file) !== 'none' ? (
                <Link className="peer-file-action" to={previewPath(file.id)} data-testid={`${testid}-preview`}>
                  <EyeOutline /> {t('review.previewFile')}
                </Link>
              ) : file.mime.startsWith('text/plain') ? (
                <a
                  className="peer-file-action"
                  href={file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`${testid}-open`}
                >
                  <EyeOutline /> {t('review.openFile')}
                </a>
              ) : null}
              <a className="peer-file-action" href={file.download} download={file.name} data-testid={`${testid}-download`}>
                <DownlandOutline /> {t('review.downloadFile')}
              </a>
            </div>
            {image ? (
              <Link to={previewPath(file.id)} className="peer-file-preview">
                <img src={file.url} alt={file.name} loading="lazy" data-testid={`${testid}-image`} />
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
