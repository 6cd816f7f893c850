import { z } from 'zod';
import { CONTENT_TITLE_MAX } from '../constants';
import { wireId, wireOptionalId } from '../wire';

/** Inputs of the live calls (spec 2 §2 Live, §7 `/Live/LiveApi/getLivePushUrl`, `watchLiveLog`; issue 26). */
const id = wireId();

export const liveCreateInput = z.object({
  courseid: id,
  title: z
    .string({ message: 'validation.contentTitleRequired' })
    .trim()
    .min(1, { message: 'validation.contentTitleRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  dirid: wireOptionalId(),
});
export const liveRef = z.object({ courseid: id, id });

/** A viewer's report: joined (0 seconds) or still watching (the seconds since the last report, at most 5 minutes). */
export const watchLiveLogInput = z.object({
  courseid: id,
  id,
  seconds: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce.number().int().min(0, { message: 'validation.watchSeconds' }).max(300, { message: 'validation.watchSeconds' }),
  ),
});

/**
 * What nginx-rtmp posts to `on_publish` and `on_publish_done` (form-encoded): `name` is the stream
 * key; `call`, `app`, `addr`, `clientid`, `tcUrl` and the rest are read tolerantly and ignored. The
 * hook token travels in the callback URL's query (`?hook=`).
 */
export const rtmpCallbackInput = z.object({
  name: z.string().trim().max(200).optional().default(''),
  app: z.string().max(200).optional().default(''),
  call: z.string().max(40).optional().default(''),
});

/** The teacher switches the live's share link on (1) or off (0) (`/ShareLive`, spec 1 §2). */
export const liveShareInput = z.object({
  courseid: id,
  id,
  share: z.preprocess(
    (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
    z.coerce
      .number({ message: 'validation.liveShare' })
      .int({ message: 'validation.liveShare' })
      .min(0, { message: 'validation.liveShare' })
      .max(1, { message: 'validation.liveShare' }),
  ),
});

/** `/ShareLive?token=`: the share link's token, nothing else (no login). */
export const sharedLiveInput = z.object({
  token: z
    .string({ message: 'validation.liveShareToken' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'validation.liveShareToken' }),
});

/**
 * `/onlineLive/addTopic` (decision 040): a discussion topic raised during the live, by its teacher (or
 * a student where the course lets students start topics): a title and rich text, as `addContent` takes.
 */
export const liveTopicInput = z.object({
  courseid: id,
  id,
  title: z
    .string({ message: 'validation.contentTitleRequired' })
    .trim()
    .min(1, { message: 'validation.contentTitleRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  /** rich text; sanitised on the server */
  content: z.string().max(200_000, { message: 'validation.richTextLength' }).optional().default(''),
});
