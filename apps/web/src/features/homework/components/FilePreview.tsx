import { previewKindOf } from '@paiclass/shared';
import { Button, SpinLoading } from 'antd-mobile';
import { DownlandOutline, FileOutline, LinkOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { formatSize } from '../../materials/utils';
import { usePreviewPath } from '../../preview/api';
import { PreviewView } from '../../preview/components/PreviewView';
import type { WorkFile } from '../types';
import { previewKind, TEXT_PREVIEW_BYTES } from '../utils';

/**
 * One submitted file opened in the page for grading: a picture as an image, a PDF or office
 * document as page images the server renders (issue 12: a PDF frame shows nothing on most phones),
 * with "full screen" to the viewer page; text as text, video and audio in their players. Other
 * formats (archives) have no viewer here: the page says so and offers the download.
 */
export function FilePreview({ file }: { file: WorkFile }) {
  const { t } = useTranslation();
  const previewPath = usePreviewPath();
  const isDocument = previewKindOf(file) === 'document';
  const kind = isDocument ? 'document' : previewKind(file);
  return (
    <section className="hw-preview" data-testid="file-preview" data-kind={kind} data-id={file.id}>
      <header className="hw-preview-head">
        <span className="hw-preview-name" data-testid="file-preview-name">
          {file.name}
        </span>
        <span className="muted small">{formatSize(Number(file.size))}</span>
        <span className="hw-preview-links">
          {isDocument ? (
            <Link to={previewPath(file.id)} className="hw-link" data-testid="file-preview-full">
              <LinkOutline /> {t('homework.preview.fullScreen')}
            </Link>
          ) : kind !== 'none' && file.url ? (
            <a href={file.url} target="_blank" rel="noopener noreferrer" className="hw-link" data-testid="file-preview-open">
              <LinkOutline /> {t('homework.preview.newTab')}
            </a>
          ) : null}
          {file.download ? (
            <a href={file.download} download={file.name} className="hw-link" data-testid="file-preview-download">
              <DownlandOutline /> {t('homework.preview.download')}
            </a>
          ) : null}
        </span>
      </header>
      <div className="hw-preview-body">
        {kind === 'image' ? (
          <img className="hw-preview-image" src={file.url} alt={file.name} data-testid="file-preview-image" />
        ) : kind === 'document' ? (
          <PreviewView id={file.id} embedded />
        ) : kind === 'text' ? (
          <TextPreview file={file} />
        ) : kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: students' uploads carry no caption track
          <video
            className="hw-preview-video"
            controls
            playsInline
            preload="metadata"
            src={file.url}
            data-testid="file-preview-video"
          />
        ) : kind === 'audio' ? (
          // biome-ignore lint/a11y/useMediaCaption: students' uploads carry no caption track
          <audio className="hw-preview-audio" controls preload="metadata" src={file.url} data-testid="file-preview-audio" />
        ) : (
          <div className="hw-preview-none" data-testid="file-preview-none">
            <FileOutline className="hw-preview-none-icon" />
            <p>{t('homework.preview.unavailable')}</p>
            {file.download ? (
              <Button
                size="small"
                shape="rounded"
                color="primary"
                fill="outline"
                onClick={() => {
                  // served as an attachment: the browser downloads it and stays on the page
                  window.location.assign(file.download);
                }}
                data-testid="file-preview-none-download"
              >
                <DownlandOutline /> {t('homework.preview.downloadToOpen')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}

/** A text file read from its signed address and shown as it is (the first 256 KB of a long one). */
function TextPreview({ file }: { file: WorkFile }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ text?: string; cut?: boolean; failed?: boolean }>({});

  useEffect(() => {
    const controller = new AbortController();
    setState({});
    fetch(file.url, { signal: controller.signal, headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const buffer = await res.arrayBuffer();
        const bytes = new Uint8Array(buffer).slice(0, TEXT_PREVIEW_BYTES);
        setState({ text: new TextDecoder('utf-8').decode(bytes), cut: Number(file.size) > TEXT_PREVIEW_BYTES });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ failed: true });
      });
    return () => controller.abort();
  }, [file.url, file.size]);

  if (state.failed)
    return (
      <p className="hw-preview-none danger-text" data-testid="file-preview-text-failed">
        {t('homework.preview.textFailed')}
      </p>
    );
  if (state.text === undefined)
    return (
      <div className="hw-preview-wait">
        <SpinLoading color="primary" style={{ '--size': '24px' }} />
      </div>
    );
  return (
    <>
      <pre className="hw-preview-text" data-testid="file-preview-text">
        {state.text}
      </pre>
      {state.cut ? <p className="muted small">{t('homework.preview.textCut')}</p> : null}
    </>
  );
}
