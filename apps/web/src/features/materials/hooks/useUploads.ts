import { IMAGE_MAX_BYTES } from '@paiclass/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { downscalePlan, fitImage } from '../../../lib/downscale';
import { useTranslation } from '../../../lib/translations';
import { fileProblem, UploadCancelled, type UploadedFile, type UploadProgress, uploadFile } from '../../../lib/upload';

export interface UploadEntry {
  key: number;
  file: File;
  status: 'uploading' | 'done' | 'failed' | 'refused';
  progress: UploadProgress;
  result?: UploadedFile;
  /** translated: why it failed or was refused before sending */
  error?: string;
  /** the original's size when the photo was scaled down before upload (`file` is then the scaled JPEG) */
  scaledFrom?: number;
}

let keys = 0;

/**
 * Files chosen for an item, each uploaded at once by the chunked protocol with its progress; a
 * failed one can be tried again (the server keeps the chunks it has, so it resumes), any can be
 * removed (an upload under way is cancelled). Checks mirror the server's before anything is sent.
 * With `shrinkPhotos`, a photo over 5 MB is scaled down in the browser first (issue 12: a phone
 * photo handed in as homework); one that cannot be scaled goes up as it is, as attachments may.
 */
export function useUploads({
  isVip,
  videoOnly,
  shrinkPhotos = false,
}: {
  isVip: boolean;
  videoOnly: boolean;
  shrinkPhotos?: boolean;
}) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const controllers = useRef(new Map<number, AbortController>());

  const update = useCallback((key: number, patch: Partial<UploadEntry>) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  }, []);

  const start = useCallback(
    (key: number, chosen: File, shrink = false) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', error: undefined, progress: { phase: 'hashing', fraction: 0 } });
      const prepared = shrink
        ? fitImage(chosen, IMAGE_MAX_BYTES).then(
            (scaled) => {
              if (scaled !== chosen) update(key, { file: scaled, scaledFrom: chosen.size });
              return scaled;
            },
            // a photo the browser cannot redraw small enough is an attachment all the same: the original goes up
            () => chosen,
          )
        : Promise.resolve(chosen);
      prepared
        .then((file) => {
          if (controller.signal.aborted) throw new UploadCancelled();
          return uploadFile(file, (progress) => update(key, { progress }), controller.signal);
        })
        .then((result) => update(key, { status: 'done', result, progress: { phase: 'uploading', fraction: 1 } }))
        .catch((e) => {
          if (e instanceof UploadCancelled) return;
          update(key, { status: 'failed', error: errorMessage(e) });
        })
        .finally(() => controllers.current.delete(key));
    },
    [update],
  );

  const add = (files: File[]) => {
    const added: UploadEntry[] = files.map((file) => {
      let problem = fileProblem(file, isVip);
      if (!problem && videoOnly && !file.type.startsWith('video/')) problem = t('validation.videoRequired');
      return {
        key: keys++,
        file,
        status: problem ? 'refused' : 'uploading',
        progress: { phase: 'hashing', fraction: 0 },
        error: problem ?? undefined,
      };
    });
    setEntries((list) => [...list, ...added]);
    for (const entry of added) {
      if (entry.status !== 'uploading') continue;
      start(entry.key, entry.file, shrinkPhotos && downscalePlan(entry.file, IMAGE_MAX_BYTES) === 'scale');
    }
  };

  const retry = (key: number) => {
    const entry = entries.find((e) => e.key === key);
    if (entry) start(key, entry.file);
  };

  const remove = (key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setEntries((list) => list.filter((e) => e.key !== key));
  };

  // leaving the page cancels what is still being sent
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const done = entries.filter((e) => e.status === 'done' && e.result).map((e) => e.result!);
  const busy = entries.some((e) => e.status === 'uploading');
  const failed = entries.some((e) => e.status === 'failed' || e.status === 'refused');
  return { entries, add, retry, remove, done, busy, failed };
}

/** Overall percent of one upload: reading the file is the first fifth, sending the rest. */
export function percentOf(entry: Pick<UploadEntry, 'status' | 'progress'>) {
  if (entry.status === 'done') return 100;
  const { phase, fraction } = entry.progress;
  return Math.round(phase === 'hashing' ? fraction * 20 : 20 + fraction * 80);
}
