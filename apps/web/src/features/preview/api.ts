import type { previewAnswer } from '@paiclass/shared';
import { filesCalls } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { useSearchParams } from '../../lib/router';
import { retryNetworkOnly } from '../courses/api';

/** A file as page images (`/FileApi/getPreview`, docs/api.md "Files"). */
export type Preview = z.output<typeof previewAnswer>;

export const previewKeys = { file: (id: number) => ['preview', id] as const };

/** How often a document still being rendered is asked about again. */
export const PREVIEW_POLL_MS = 2000;

/**
 * A file's preview: asked again every PREVIEW_POLL_MS while the server is still rendering it, and
 * not after (ready or failed).
 */
export function usePreview(id: number) {
  return useQuery({
    queryKey: previewKeys.file(id),
    queryFn: () => call(filesCalls.getPreview, { id }),
    enabled: id > 0,
    retry: retryNetworkOnly,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'waiting' || state === 'converting' ? PREVIEW_POLL_MS : false;
    },
  });
}

/** The viewer page of a file; the course's query keeps the page under the course check (CourseCheck). */
export function filePreviewPath(fileId: number, course?: { courseId?: string | null; courseRole?: string | null }) {
  const q = new URLSearchParams({ id: String(fileId) });
  if (course?.courseId) q.set('courseId', course.courseId);
  if (course?.courseRole) q.set('courseRole', course.courseRole);
  return `/filePreview?${q}`;
}

/** The viewer page's address for a file of the course the current page is in. */
export function usePreviewPath() {
  const [params] = useSearchParams();
  const course = { courseId: params.get('courseId'), courseRole: params.get('courseRole') };
  return (fileId: number) => filePreviewPath(fileId, course);
}
