import { z } from 'zod';
import { wireId, wirePage } from '../wire';
import { PAGE_SIZE } from '../constants';

/** Message notices (spec 1 §3; page size 10, spec 1 §9). */
export const messageListInput = z.object({
  page: wirePage(),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
  /** 0 all, 1 unread only */
  unread: z.coerce.number().int().min(0).max(1).default(0),
});
export const readItInput = z.object({ id: wireId() });
