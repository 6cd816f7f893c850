import { CODES, previewKindOf } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tag, Toast } from 'antd-mobile';
import { DownlandOutline, EyeOutline, LinkOutline, LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { ApiError, showApiError } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { usePreviewPath } from '../../preview/api';
import { materialKeys, materialsApi } from '../api';
import type { Attachment, MaterialFiles } from '../types';
import { fileKind, formatSize, typeLabel } from '../utils';
import { TypeIcon } from './TypeIcon';

/** Starts the browser's download of a signed address (the server answers it as an attachment). */
function startDownload(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * One material opened (`/FutureV2/Courseware/query`; a student's opening counts as learning it):
 * its files with a download button each, or "no permission to download" where the teacher does
 * not allow it (spec 2 §6, §8); a MOOC video plays in the page; an external link opens in a new tab.
 */
export function MaterialDetail({ courseId, id, manager }: { courseId: number; id: number; manager: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const files = useQuery({
    queryKey: materialKeys.files(courseId, id),
    queryFn: () => materialsApi.query(courseId, id),
    retry: retryNetworkOnly,
  });

  // the opening changed the student's "learned" mark and the teacher's statistics: lists read afresh
  const loadedAt = files.dataUpdatedAt;
  useEffect(() => {
    if (!loadedAt) return;
    void queryClient.invalidateQueries({ queryKey: [...materialKeys.all(courseId), 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...materialKeys.all(courseId), 'folder'] });
  }, [loadedAt, courseId, queryClient]);

  if (files.isPending)
    return (
      <div className="page-body material-body" data-testid="material-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  if (files.isError) return <QueryFailed error={files.error} onRetry={() => void files.refetch()} />;
  const m = files.data;

  return (
    <div className="page-body material-body" data-testid="material-detail" data-id={m.id}>
      <div className="material-head">
        <TypeIcon item={{ item_type: 1, contenttype: m.contenttype, attachment: m.attachment }} />
        <div className="material-head-text">
          <h2 className="material-title" data-testid="material-title">
            {m.title}
          </h2>
          <div className="content-meta">
            <Tag color="primary" fill="outline" className="content-tag">
              {typeLabel(t, m.contenttype)}
            </Tag>
            {manager && m.contenttype !== 10 ? (
              <span data-testid="material-download-state">
                {Number(m.downloadable) === 1
                  ? t('materials.detail.studentsMayDownload')
                  : t('materials.detail.studentsMayNotDownload')}
              </span>
            ) : null}
          </div>
        </div>
      </div>

      {m.contenttype === 10 ? <LinkCard link={m.link} /> : null}
      {m.contenttype === 9 ? <Videos files={m.attachment} /> : null}

      {m.attachment.length > 0 ? (
        <section className="material-files">
          <h3 className="material-section-title">{t('materials.detail.files', { count: m.attachment.length })}</h3>
          <ul className="attachment-list">
            {m.attachment.map((f) => (
              <AttachmentRow key={f.id} courseId={courseId} material={m} file={f} onRefused={() => void files.refetch()} />
            ))}
          </ul>
        </section>
      ) : m.contenttype !== 10 ? (
        <ErrorBlock status="empty" title={t('materials.detail.noFiles')} description="" />
      ) : null}
    </div>
  );
}

function LinkCard({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <section className="material-link-card">
      <div className="material-link-url" data-testid="material-link">
        <LinkOutline /> <span>{link}</span>
      </div>
      <a className="material-link-open" href={link} target="_blank" rel="noopener noreferrer" data-testid="material-open-link">
        {t('materials.detail.openLink')}
      </a>
      <p className="muted small">{t('materials.detail.linkHint')}</p>
    </section>
  );
}

/** MOOC videos play in the page where the caller may have the file; otherwise "video cannot be played". */
function Videos({ files }: { files: Attachment[] }) {
  const { t } = useTranslation();
  const videos = files.filter((f) => fileKind(f) === 'video');
  if (videos.length === 0) return null;
  return (
    <section className="material-videos">
      {videos.map((f) =>
        f.playurl ? (
          // biome-ignore lint/a11y/useMediaCaption: teachers' uploads carry no caption track
          <video
            key={f.id}
            className="material-video"
            controls
            playsInline
            preload="metadata"
            src={f.playurl}
            data-testid="material-video"
          />
        ) : (
          <div key={f.id} className="material-video-blocked" data-testid="material-video-blocked">
            <LockOutline />
            <span>{t('materials.detail.videoUnavailable')}</span>
          </div>
        ),
      )}
    </section>
  );
}

function AttachmentRow({
  courseId,
  material,
  file,
  onRefused,
}: {
  courseId: number;
  material: MaterialFiles;
  file: Attachment;
  onRefused: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const allowed = Number(file.candownload) === 1;
  const previewPath = usePreviewPath();
  // documents open as page images and pictures as they are (issue 12), where the caller may have the file
  const previews = allowed && previewKindOf(file) !== 'none';

  const download = async () => {
    setBusy(true);
    try {
      const fresh = await materialsApi.download(courseId, material.id, file.id);
      if (!fresh.download) throw new ApiError(CODES.notDownloadable, t('materials.detail.noPermission'));
      startDownload(fresh.download, fresh.name || file.name);
      Toast.show({ content: t('materials.detail.downloading') });
    } catch (e) {
      showApiError(e);
      // the teacher may just have turned downloading off: show the file as it now is
      if (e instanceof ApiError && e.code === CODES.notDownloadable) onRefused();
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="attachment-row" data-testid="attachment-row" data-id={file.id}>
      <TypeIcon item={{ item_type: 1, contenttype: 2, attachment: [file] }} />
      <span className="attachment-text">
        <span className="attachment-name" data-testid="attachment-name">
          {file.name}
        </span>
        <span className="muted small" data-testid="attachment-size">
          {formatSize(Number(file.size))}
        </span>
        {allowed && fileKind(file) === 'image' && file.url ? (
          <img className="attachment-preview" src={file.url} alt={file.name} />
        ) : null}
      </span>
      {previews ? (
        <Link to={previewPath(file.id)} className="attachment-preview-link" data-testid="attachment-preview">
          <EyeOutline /> {t('materials.detail.preview')}
        </Link>
      ) : null}
      {allowed ? (
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill="outline"
          loading={busy}
          onClick={() => void download()}
          data-testid="attachment-download"
        >
          <DownlandOutline /> {t('materials.detail.download')}
        </Button>
      ) : (
        <span className="attachment-denied" data-testid="attachment-no-download">
          <LockOutline /> {t('materials.detail.noPermission')}
        </span>
      )}
    </li>
  );
}
