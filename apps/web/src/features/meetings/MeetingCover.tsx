import { IMAGE_MAX_BYTES } from '@paiclass/shared';
import { Button } from 'antd-mobile';
import { PictureOutline, VideoOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { uploadEditorImage } from '../../components/uploadEditorImage';
import { errorMessage } from '../../lib/api';
import { downscalePlan } from '../../lib/downscale';
import { useTranslation } from '../../lib/translations';
import type { Meeting } from './api';

/**
 * A meeting's cover picture (spec 2 §3 Meeting: cover), or a placeholder when it has none or the
 * picture does not load. `thumb` shows the server's small copy (a list row), `banner` the picture.
 */
export function MeetingCover({
  meeting,
  size,
}: {
  meeting: Pick<Meeting, 'cover_url' | 'cover_thumb' | 'title'>;
  size: 'thumb' | 'banner';
}) {
  const { t } = useTranslation();
  const src = size === 'thumb' ? meeting.cover_thumb || meeting.cover_url : meeting.cover_url;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src;
  return (
    <div
      className={`meeting-cover is-${size}${shown ? '' : ' is-empty'}`}
      data-testid="meeting-cover"
      data-empty={shown ? undefined : '1'}
    >
      {shown ? (
        <img src={src} alt={t('meetings.cover.alt', { name: meeting.title })} onError={() => setFailed(src)} />
      ) : (
        <VideoOutline aria-hidden="true" />
      )}
    </div>
  );
}

/** The cover a form holds: the uploaded picture's file id and an address to show it under. */
export interface CoverChoice {
  id: number;
  url: string;
}

/**
 * Picks, previews and removes a meeting's cover in its form. A picture only (as the avatar's): a
 * file that is not an image is refused here, and a photo over 5 MB is scaled down before it goes
 * up (`fitImage`, issue 12) unless it is no photo a canvas can redraw, which is refused as too
 * large. The upload (`/UploadApi/uploadV2`, `type=image`) is checked again by the server, and the
 * meeting's save once more (the caller's own image).
 */
export function MeetingCoverPicker({
  value,
  onChange,
  error,
}: {
  value: CoverChoice | null;
  onChange: (next: CoverChoice | null) => void;
  /** the server's refusal of the cover, shown under it */
  error?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // the picture being sent shows at once, from the device; its address is let go when done
  useEffect(() => () => (uploading ? URL.revokeObjectURL(uploading) : undefined), [uploading]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!file.type.startsWith('image/')) return setProblem(t('meetings.cover.notImage'));
    if (downscalePlan(file, IMAGE_MAX_BYTES) === 'refuse') return setProblem(t('meetings.cover.tooLarge'));
    setUploading(URL.createObjectURL(file));
    try {
      const uploaded = await uploadEditorImage(file);
      onChange({ id: uploaded.id, url: uploaded.url });
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setUploading(null);
    }
  };

  const preview = uploading ?? value?.url ?? '';
  const shownError = problem ?? error;
  return (
    <div className="field meeting-cover-field" data-testid="meeting-cover-field">
      <div className="field-label">{t('meetings.cover.label')}</div>
      <div className="meeting-cover-picker">
        <div className={`meeting-cover is-banner${preview ? '' : ' is-empty'}`} data-testid="meeting-cover-preview">
          {preview ? (
            <img src={preview} alt={t('meetings.cover.preview')} />
          ) : (
            <span className="meeting-cover-none">
              <PictureOutline aria-hidden="true" />
              {t('meetings.cover.none')}
            </span>
          )}
          {uploading ? <span className="meeting-cover-busy">{t('meetings.cover.uploading')}</span> : null}
        </div>
        <div className="meeting-cover-actions">
          <Button
            size="small"
            color="primary"
            fill="outline"
            disabled={uploading !== null}
            onClick={() => input.current?.click()}
            data-testid="meeting-cover-choose"
          >
            {value ? t('meetings.cover.change') : t('meetings.cover.choose')}
          </Button>
          {value && !uploading ? (
            <Button
              size="small"
              fill="outline"
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              data-testid="meeting-cover-remove"
            >
              {t('meetings.cover.remove')}
            </Button>
          ) : null}
        </div>
        <div className="meeting-cover-hint">{t('meetings.cover.hint')}</div>
        {shownError ? (
          <div className="field-error" role="alert" data-testid="meeting-cover-error">
            {shownError}
          </div>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="meeting-cover-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // the same picture may be chosen again after a removal
          e.target.value = '';
          void choose(file);
        }}
      />
    </div>
  );
}
