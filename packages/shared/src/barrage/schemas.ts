import { z } from 'zod';
import { INT_MAX, wireOptionalId } from '../wire';
import { BARRAGE_TEXT_MAX } from './constants';

/**
 * Barrage and race calls (spec 2 §7 /FutureV2/Barrage, /Futurev2/Tools; issue 15), as Ketangpai's
 * clients send them: numbers as strings, unknown fields dropped. Messages are keys of
 * `validationMessages`; a refusal names the field.
 */
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.invalid' });
const flag = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : v === true ? 1 : v === false ? 0 : v),
  z.coerce
    .number({ message: 'validation.barrageFlag' })
    .int()
    .min(0, { message: 'validation.barrageFlag' })
    .max(1, { message: 'validation.barrageFlag' }),
);

/** `getConfig`, `getVIPBarrageUseCount`, `getStudentCurrentRace`, `startRace`, `closeRace`: the course; its class in progress is meant. */
export const barrageCourseInput = z.object({ courseid });
export type BarrageCourseInput = z.infer<typeof barrageCourseInput>;

/** `lists`: the class time's comments (the one in progress when none is named), newer than `lastid` when given. */
export const barrageListInput = z.object({
  courseid,
  classtimeid: wireOptionalId(),
  lastid: wireOptionalId(),
});
export type BarrageListInput = z.infer<typeof barrageListInput>;

/**
 * A bullet comment's text: plain text, tags and control characters removed, spaces folded; 1 to
 * BARRAGE_TEXT_MAX characters once cleaned. Ketangpai's clients call it `content`; `text` and `msg` are taken too.
 */
export const barrageText = z
  .string({ message: 'validation.barrageEmpty' })
  .transform(plainText)
  .pipe(
    z
      .string()
      .min(1, { message: 'validation.barrageEmpty' })
      .refine((s) => [...s].length <= BARRAGE_TEXT_MAX, { message: 'validation.barrageLength' }),
  );

/** `sendBarrage` and the socket command `Barrage.send`: `vip` 1 asks for the VIP effect. */
export const barrageSendInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, content: o.content ?? o.text ?? o.msg, vip: o.vip ?? o.isvip ?? o.is_vip };
  },
  z.object({ courseid, content: barrageText, vip: flag }),
);
export type BarrageSendInput = z.infer<typeof barrageSendInput>;

/** `setStatus` (ours): the teacher switches barrage on (1) or off (0) for the class in progress. */
export const barrageSwitchInput = z.object({ courseid, status: flag });
export type BarrageSwitchInput = z.infer<typeof barrageSwitchInput>;

/** `delBarrage` (ours): a teacher removes one comment. */
export const barrageDeleteInput = z.object({
  courseid,
  id: z.coerce
    .number({ message: 'validation.barrageId' })
    .int()
    .positive({ message: 'validation.barrageId' })
    .max(INT_MAX, { message: 'validation.barrageId' }),
});
export type BarrageDeleteInput = z.infer<typeof barrageDeleteInput>;

/** `joinRace`: the race open in the course's class (a `raceid` that is not the open one is refused). */
export const raceJoinInput = z.object({ courseid, raceid: wireOptionalId() });
export type RaceJoinInput = z.infer<typeof raceJoinInput>;

/**
 * Plain text from whatever was typed: tags dropped, entities left as typed (the page shows text, never
 * HTML), control and bidirectional-override characters removed, runs of white space folded to one.
 */
export function plainText(raw: string) {
  return (
    raw
      .replace(/<[^>]*>/g, '')
      // control characters, zero-width and bidirectional-override marks: nothing a comment shows
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
