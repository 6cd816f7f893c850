import { z } from 'zod';

/** What the class-time calls answer (docs/api.md "Class times"). */

/**
 * `/Futurev2/AttendClass/classTimeStatus`, `beginClass` and `overClass`: the class time in progress
 * (or the one just ended); also the `data` of the `AttendClass.classBegin` and `classOver` socket commands.
 */
export const classTimeAnswer = z.object({
  /** 1 while in class */
  status: z.union([z.literal(0), z.literal(1)]),
  /** 0 when there is none */
  classtimeid: z.number().int(),
  /** epoch seconds; 0 when there is none */
  starttime: z.number().int(),
  /** epoch seconds; 0 while in class */
  endtime: z.number().int(),
  /** who began the class */
  username: z.string(),
});

/** `/Classtime/getClassList`: the course's class times, newest first */
export const classTimeListAnswer = z.object({
  list: z.array(
    classTimeAnswer.extend({
      /** minutes; 0 while in class */
      duration: z.number().int(),
    }),
  ),
});
