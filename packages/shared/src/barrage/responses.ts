import { z } from 'zod';

/** What the barrage and race calls answer and push (docs/api.md "Barrage and the grab-answer race"). */

/** One bullet comment; also the `data` of the `Barrage.new` socket event. */
export const barrageItem = z.object({
  id: z.number().int(),
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  /** plain text */
  content: z.string(),
  /** 1: sent with the VIP effect */
  vip: z.union([z.literal(0), z.literal(1)]),
  /** epoch seconds */
  create_time: z.number().int(),
});
export type BarrageItem = z.infer<typeof barrageItem>;

/** `lists`: oldest first, at most BARRAGE_LIST_LIMIT (the newest); `status` is the switch. */
export const barrageListAnswer = z.object({
  classtimeid: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  list: z.array(barrageItem),
});

/** `getVIPBarrageUseCount`: the VIP effect's uses in this class time. */
export const barrageVipCountAnswer = z.object({
  used: z.number().int(),
  total: z.number().int(),
  left: z.number().int(),
});

/** `getConfig`: the switch of the class in progress and the limits, with what the caller has used. */
export const barrageConfigAnswer = z.object({
  /** 0 when the course is not in class */
  classtimeid: z.number().int(),
  /** 1 when barrage is on */
  status: z.union([z.literal(0), z.literal(1)]),
  maxlength: z.number().int(),
  /** milliseconds between two comments of one student */
  interval: z.number().int(),
  /** comments per student per class time */
  limit: z.number().int(),
  /** comments the caller sent in this class time */
  sent: z.number().int(),
  vip: barrageVipCountAnswer,
});

/** `Barrage.switch` event and `setStatus`'s answer. */
export const barrageSwitchAnswer = z.object({
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
});

/** A race as members see it; also the `data` of `Tools.raceStart` and `Tools.raceResult`. */
export const raceAnswer = z.object({
  raceid: z.number().int(),
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  /** 1 open (pressing allowed), 2 decided (or closed) */
  status: z.union([z.literal(1), z.literal(2)]),
  /** epoch milliseconds */
  starttime: z.number().int(),
  /** who started it */
  username: z.string(),
  /** students who pressed */
  entrants: z.number().int(),
  /** null while open or when nobody pressed */
  winner: z.object({ uid: z.number().int(), username: z.string(), avatar: z.string() }).nullable(),
});
export type RaceAnswer = z.infer<typeof raceAnswer>;

/** `getStudentCurrentRace`: the open race of the class in progress, or the last one decided in it; `joined` 1 when the caller pressed. */
export const currentRaceAnswer = z.object({
  race: raceAnswer.nullable(),
  joined: z.union([z.literal(0), z.literal(1)]),
});

/** `joinRace`: the press is taken; the result comes as `Tools.raceResult`. */
export const raceJoinAnswer = z.object({
  raceid: z.number().int(),
  /** 1 when this press counted, 0 when the caller had pressed already (a second press changes nothing) */
  counted: z.union([z.literal(0), z.literal(1)]),
});
