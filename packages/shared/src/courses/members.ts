import { z } from 'zod';
import { courseIdInput } from './schemas';

/** Inputs of the member calls (issue #3: members, teaching team, administrative classes). */

export const studentListInput = courseIdInput.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(30).optional().default(''),
  /** an administrative class id; 0 for students in no class */
  classid: z.coerce.number().int().min(0).optional(),
});
export const memberInput = courseIdInput.extend({ uid: z.coerce.number().int().positive() });
export const membersInput = courseIdInput.extend({
  uids: z.array(z.coerce.number().int().positive()).min(1, { message: 'validation.chooseOne' }).max(500),
});
export const addAssistantInput = courseIdInput.extend({
  account: z.string({ message: 'validation.assistantAccount' }).trim().min(1, { message: 'validation.assistantAccount' }),
});
const className = z
  .string({ message: 'validation.className' })
  .trim()
  .min(1, { message: 'validation.className' })
  .max(20, { message: 'validation.classNameShort' });
export const classCreateInput = courseIdInput.extend({ name: className });
export const classRenameInput = courseIdInput.extend({ id: z.coerce.number().int().positive(), name: className });
export const classIdInput = courseIdInput.extend({ id: z.coerce.number().int().positive() });
/** moves students into a class (id) or out of every class (id 0) */
export const classMoveInput = membersInput.extend({ id: z.coerce.number().int().min(0) });
