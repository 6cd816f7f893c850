import { CONTENT_TYPES, MEETING_STATUS, normalizeContentState } from '@paiclass/shared';

/**
 * A third-party meeting's settings (content type 22), kept in the item's `settings`, and its state
 * read from the clock (spec 2 §4): waiting before its start, in progress until its end, then "has
 * replay" once the teacher added a video, else ended. Teachers and assistants write (the content
 * policy's `manageContent`); the course's members read.
 */
export interface MeetingSettings {
  start: number;
  end: number;
  description: string;
  meetingNo: string;
  /** the cover picture's file id, 0 for none */
  cover: number;
  videos: { id: string; title: string; url: string; createtime: number }[];
}

export function meetingSettings(raw: Record<string, unknown>): MeetingSettings {
  const s = raw as Partial<MeetingSettings>;
  return {
    start: Number(s.start ?? 0),
    end: Number(s.end ?? 0),
    description: String(s.description ?? ''),
    meetingNo: String(s.meetingNo ?? ''),
    cover: Number.isSafeInteger(Number(s.cover)) && Number(s.cover) > 0 ? Number(s.cover) : 0,
    videos: Array.isArray(s.videos) ? s.videos : [],
  };
}

/**
 * What a cover may be (spec 2 §5: an image, at most 5 MB): a picture whose bytes are one of the
 * types the upload sniffs (files/sniff.ts), so it shows inline and has a thumbnail; never an SVG.
 */
export const COVER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** Why a file may not be a meeting's cover, as a message key; undefined when it may. */
export function coverProblem(file: { mime: string; size: number }, maxBytes: number) {
  if (!COVER_TYPES.has(file.mime)) return 'validation.meetingCoverNotImage';
  if (file.size > maxBytes) return 'validation.meetingCoverTooLarge';
  return undefined;
}

export function meetingStatus(s: MeetingSettings, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (nowSeconds < s.start) return MEETING_STATUS.waiting;
  if (nowSeconds <= s.end) return MEETING_STATUS.inProgress;
  return s.videos.length ? MEETING_STATUS.hasReplay : MEETING_STATUS.ended;
}

/** The status and the state every list shows: the one shared rule (status 2 sets state 1). */
export function meetingState(s: MeetingSettings, now?: number) {
  const status = meetingStatus(s, now);
  return normalizeContentState({ contenttype: CONTENT_TYPES.meeting, status, state: 0 });
}
