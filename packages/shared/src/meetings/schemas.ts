import { z } from 'zod';
import { CONTENT_TITLE_MAX } from '../constants';
import { INT_MAX, wireId, wireOptionalId, wirePage, wireSeconds } from '../wire';

/**
 * Inputs of the meeting calls (spec 2 §2 Meetings, §3 Meeting, §5): a third-party meeting (content
 * type 22) with its name, start and end, description, chapter, application link and cover. Messages are
 * keys of `validationMessages`; a refusal names the field.
 */
const id = wireId();
const httpLink = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(500, { message })
    .refine(
      (v) => {
        try {
          return ['http:', 'https:'].includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message },
    );

const coverMessage = { message: 'validation.meetingCover' };
/** A cover's file id: missing stays missing (kept on edit); null, '' and 0 mean none. */
const meetingCover = () =>
  z.preprocess(
    (v) => (v === undefined ? undefined : v === null || v === '' ? 0 : v),
    z.coerce.number(coverMessage).int(coverMessage).min(0, coverMessage).max(INT_MAX, coverMessage).optional(),
  );

export const meetingFields = z.object({
  courseid: id,
  /** the meeting's name (spec 2 §5: required) */
  title: z
    .string({ message: 'validation.meetingNameRequired' })
    .trim()
    .min(1, { message: 'validation.meetingNameRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  /** epoch seconds */
  start_time: wireSeconds().refine((v) => v > 0, { message: 'validation.meetingStartRequired' }),
  /** epoch seconds, not before the start (spec 2 §5) */
  end_time: wireSeconds().refine((v) => v > 0, { message: 'validation.meetingEndRequired' }),
  description: z.string().trim().max(2000, { message: 'validation.meetingDescriptionLength' }).optional().default(''),
  /** the application link the meeting opens (Tencent Meeting, VooV, Zoom...) */
  link: httpLink('validation.meetingLink'),
  /** the meeting number people type into the application, optional */
  meeting_no: z
    .string()
    .trim()
    .max(40, { message: 'validation.meetingNumber' })
    .regex(/^[0-9 -]*$/, { message: 'validation.meetingNumber' })
    .optional()
    .default(''),
  /** a chapter (directory) of the course, none for 0 */
  dirid: wireOptionalId(),
  /**
   * the cover picture: an uploaded image's file id (the caller's own, or the one the meeting has);
   * 0 or empty for none. Left out: none on adding, the cover kept on editing.
   */
  cover: meetingCover(),
});
export const meetingCreateInput = meetingFields.refine((m) => m.end_time >= m.start_time, {
  message: 'validation.meetingEndBeforeStart',
  path: ['end_time'],
});
export type MeetingCreateInput = z.infer<typeof meetingCreateInput>;
export const meetingEditInput = meetingFields.extend({ id }).refine((m) => m.end_time >= m.start_time, {
  message: 'validation.meetingEndBeforeStart',
  path: ['end_time'],
});
export type MeetingEditInput = z.infer<typeof meetingEditInput>;

export const meetingRef = z.object({ courseid: id, id });
export const meetingListInput = z.object({ courseid: id, page: wirePage() });
export const conductMeetingInput = z.object({ courseid: id });

/** A replay the teacher adds to a meeting's video list (spec 2 §5: video content and name required). */
export const meetingVideoInput = z.object({
  courseid: id,
  id,
  title: z
    .string({ message: 'validation.videoNameRequired' })
    .trim()
    .min(1, { message: 'validation.videoNameRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  url: httpLink('validation.meetingVideoLink'),
});
export const meetingVideoRef = z.object({ courseid: id, id, videoid: z.string().trim().min(1).max(40) });

/** The built-in meeting (decision 041): rooms 1 (office hours) to 9 of a course. */
export const MEETING_ROOMS = 9;
/** the most people in one room: a WebRTC mesh sends each one's media to every other */
export const MEETING_MAX_PEOPLE = 8;
export const meetingRoomNumber = () =>
  z.coerce
    .number({ message: 'validation.meetingRoom' })
    .int({ message: 'validation.meetingRoom' })
    .min(1, { message: 'validation.meetingRoom' })
    .max(MEETING_ROOMS, { message: 'validation.meetingRoom' });
export const meetingRoomsInput = z.object({ courseid: id });
export const meetingRoomInput = z.object({ courseid: id, room: meetingRoomNumber() });
export const meetingRecordInput = z.object({
  courseid: id,
  /** one room, or every room for 0 */
  room: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce.number().int().min(0).max(MEETING_ROOMS),
  ),
  page: wirePage(),
});
