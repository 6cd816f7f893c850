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
