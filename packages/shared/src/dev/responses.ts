import { z } from 'zod';

/** What the development-only calls answer (docs/api.md "Development"); never registered in production. */

/** `/DevApi/lastCode`: the newest code sent to a phone, an email or a picture code's sessionid */
export const lastCodeAnswer = z.object({
  target: z.string(),
  code: z.string(),
  /** what the code is for: register, find, login, bind, unbind, or figure for a picture code */
  type: z.string(),
  /** epoch seconds */
  createtime: z.number().int(),
});

/** The longest look ahead: a year (a term's deadline, a weekly notice, a publish time months away). */
export const DEV_AHEAD_MAX = 366 * 86400;

/**
 * `/DevApi/runDueJobs`: which jobs. `ahead` (seconds) counts jobs due within it as due now; looking ahead
 * needs a course or an item, so that a journey never brings forward another journey's jobs.
 */
export const runDueJobsInput = z
  .object({
    courseid: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    contentid: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    kind: z.string().trim().max(40).default(''),
    ahead: z.coerce.number().int().min(0).max(DEV_AHEAD_MAX).default(0),
  })
  .refine((v) => v.ahead === 0 || v.courseid > 0 || v.contentid > 0, {
    path: ['ahead'],
    message: 'validation.devAheadScope',
  });

export const runDueJobsAnswer = z.object({
  /** jobs that ran in this call and finished, or were finished by another run while it waited */
  ran: z.number().int(),
  /** the jobs chosen, in the order they ran */
  list: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      key: z.string(),
      /** epoch seconds it was due at before this call */
      runtime: z.number().int(),
      /** 1 done, 0 failed this time (retried later with backoff, as the poller would) */
      done: z.number().int(),
      error: z.string(),
    }),
  ),
});
