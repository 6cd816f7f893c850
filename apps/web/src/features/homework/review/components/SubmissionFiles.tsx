import { DownlandOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../../../../lib/upload';
import { TypeIcon } from '../../../materials/components/TypeIcon';
import { fileKind, formatSize } from '../../../materials/utils';
import '../../../materials/materials.css';

/** What the browser shows by itself: pictures in the page, PDF and plain text in a tab of their own. */
const opensInBrowser = (file: UploadedFile) => {
  const kind = fileKind(file);
  return kind === 'pdf' || file.mime.startsWith('text/plain');
};

/**
 * A submission's files, to read on the phone: pictures shown in the page (tap for full size), PDF
 * and text opened in the browser, any other file downloaded (spec 2 §2: grading on the phone).
 */
export function SubmissionFiles({ files, testid = 'submission-file' }: { files: UploadedFile[]; testid?: string }) {
  const { t } = useTranslation();
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
              {opensInBrowser(file) || image ? (
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
              <a href={file.url} target="_blank" rel="noopener noreferrer" className="peer-file-preview">
                <img src={file.url} alt={file.name} loading="lazy" data-testid={`${testid}-image`} />
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
