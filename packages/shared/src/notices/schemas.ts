import { z } from 'zod';
import { PAGE_SIZE } from '../constants';

/** Message notices (spec 1 §3; page size 10, spec 1 §9). */
export const messageListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
  /** 0 all, 1 unread only */
  unread: z.coerce.number().int().min(0).max(1).default(0),
});
export const readItInput = z.object({ id: z.coerce.number().int().positive() });
