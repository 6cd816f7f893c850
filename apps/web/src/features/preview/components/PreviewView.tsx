import { PREVIEW_MAX_BYTES } from '@paiclass/shared';
import { Button, ErrorBlock, SpinLoading } from 'antd-mobile';
import { AddOutline, DownlandOutline, FileOutline, MinusOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { type Preview, usePreview } from '../api';
import '../preview.css';

/** Widths the pages can be shown at, as a share of the screen (pinch-zoom works on top of it). */
const ZOOMS = [1, 1.5, 2, 3] as const;
/** An address that stopped working (they expire after an hour) is fetched afresh at most this often. */
const REFRESH_AFTER_MS = 30_000;

/**
 * A file shown as page images, one under the other (issue 12): the server renders documents (PDF,
 * Word, Excel, PowerPoint) into pictures, which every phone browser shows — an inline PDF frame
 * shows nothing on most of them. While the server renders, "converting" (asked again every two
 * seconds); when it cannot, why, with the download instead. Pinch-zoom works on the pages; the
 * − and + buttons widen them for a mouse.
 */
export function PreviewView({ id, embedded = false }: { id: number; embedded?: boolean }) {
  const { t } = useTranslation();
  const preview = usePreview(id);
  if (preview.isPending)
    return (
      <div className="pv-state" data-testid="preview-loading">
        <SpinLoading color="primary" style={{ '--size': '28px' }} />
      </div>
    );
  if (preview.isError) return <QueryFailed error={preview.error} onRetry={() => void preview.refetch()} />;
  const p = preview.data;
  if (p.state === 'waiting' || p.state === 'converting')
    return (
      <div className="pv-state" data-testid="preview-converting" data-state={p.state}>
        <SpinLoading color="primary" style={{ '--size': '28px' }} />
        <p className="pv-state-title">{t('filePreview.converting')}</p>
        <p className="muted small">{t('filePreview.convertingHint')}</p>
      </div>
    );
  if (p.state === 'failed') return <Failed preview={p} />;
  return <Pages preview={p} embedded={embedded} onExpired={() => void preview.refetch()} />;
}

function Failed({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  const reason = ['unsupported', 'tooLarge', 'unreadable'].includes(preview.reason) ? preview.reason : 'unreadable';
  return (
    <div className="pv-state" data-testid="preview-failed" data-reason={reason}>
      <FileOutline className="pv-state-icon" />
      <p className="pv-state-title">{t(`filePreview.failed.${reason}`, { size: `${PREVIEW_MAX_BYTES / 1024 / 1024} MB` })}</p>
      {preview.download ? (
        <Button
          color="primary"
          shape="rounded"
          onClick={() => {
            // served as an attachment: the browser downloads it and stays on the page
            window.location.assign(preview.download);
          }}
          data-testid="preview-download"
        >
          <DownlandOutline /> {t('filePreview.download')}
        </Button>
      ) : null}
    </div>
  );
}

function Pages({ preview, embedded, onExpired }: { preview: Preview; embedded: boolean; onExpired: () => void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(0);
  const refreshedAt = useRef(0);
  const expired = () => {
    if (Date.now() - refreshedAt.current < REFRESH_AFTER_MS) return;
    refreshedAt.current = Date.now();
    onExpired();
  };
  const cut = preview.totalpages > preview.pagecount;
  return (
    <div className={`pv-viewer${embedded ? ' is-embedded' : ''}`} data-testid="preview-pages" data-count={preview.pagecount}>
      <div className="pv-toolbar">
        <span className="muted small" data-testid="preview-page-count">
          {preview.kind === 'image' ? t('filePreview.picture') : t('filePreview.pages', { count: preview.pagecount })}
        </span>
        <span className="pv-zoom">
          <Button
            size="mini"
            fill="none"
            disabled={zoom === 0}
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            aria-label={t('filePreview.zoomOut')}
            data-testid="preview-zoom-out"
          >
            <MinusOutline />
          </Button>
          <span className="pv-zoom-value" data-testid="preview-zoom">
            {Math.round(ZOOMS[zoom]! * 100)}%
          </span>
          <Button
            size="mini"
            fill="none"
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            aria-label={t('filePreview.zoomIn')}
            data-testid="preview-zoom-in"
          >
            <AddOutline />
          </Button>
        </span>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a zoomed page scrolls sideways: the keyboard scrolls it once it has focus */}
      <div className="pv-scroller" tabIndex={0}>
        <div className="pv-pages" style={{ width: `${ZOOMS[zoom]! * 100}%` }}>
          {preview.pages.map((page) => (
            <figure key={page.pageindex} className="pv-page" data-testid="preview-page" data-page={page.pageindex}>
              <img
                src={page.src}
                alt={t('filePreview.pageAlt', { page: page.pageindex, count: preview.pagecount, name: preview.name })}
                width={page.width || undefined}
                height={page.height || undefined}
                // the first pages at once, the rest as they scroll near
                loading={page.pageindex <= 2 ? 'eager' : 'lazy'}
                decoding="async"
                onError={expired}
              />
              {preview.kind === 'document' ? (
                <figcaption className="pv-page-number muted small">
                  {page.pageindex} / {preview.pagecount}
                </figcaption>
              ) : null}
            </figure>
          ))}
        </div>
      </div>
      {cut ? (
        <ErrorBlock
          className="pv-cut"
          status="default"
          title={t('filePreview.cut', { shown: preview.pagecount, total: preview.totalpages })}
          description={
            preview.download ? (
              <a href={preview.download} download={preview.name} data-testid="preview-cut-download">
                {t('filePreview.download')}
              </a>
            ) : (
              ''
            )
          }
        />
      ) : null}
    </div>
  );
}
