import { z } from 'zod';
import { INT_MAX, wireId, wirePage } from '../wire';
import { courseIdInput } from './schemas';

/** Inputs of the member calls (issue #3: members, teaching team, administrative classes). */

export const studentListInput = courseIdInput.extend({
  page: wirePage(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(30).optional().default(''),
  /** an administrative class id; 0 for students in no class */
  classid: z.coerce.number().int().min(0).max(INT_MAX).optional(),
});
export const memberInput = courseIdInput.extend({ uid: wireId() });
export const membersInput = courseIdInput.extend({
  uids: z.array(wireId()).min(1, { message: 'validation.chooseOne' }).max(500),
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
export const classRenameInput = courseIdInput.extend({ id: wireId(), name: className });
export const classIdInput = courseIdInput.extend({ id: wireId() });
/** moves students into a class (id) or out of every class (id 0) */
export const classMoveInput = membersInput.extend({ id: z.coerce.number().int().min(0).max(INT_MAX) });

/** Grouping kinds (spec 2 §3 Group): 1 fixed (the teacher assigns), 2 free (students choose), 3 limited (students choose within the caps). */
export const GROUP_KINDS = { fixed: 1, free: 2, limited: 3 } as const;
const groupTitle = z
  .string({ message: 'validation.groupTitle' })
  .trim()
  .min(1, { message: 'validation.groupTitle' })
  .max(30, { message: 'validation.groupTitleLength' });
const groupSetFields = {
  title: groupTitle,
  type: z.coerce
    .number({ message: 'validation.groupType' })
    .int()
    .min(1, { message: 'validation.groupType' })
    .max(3, { message: 'validation.groupType' }),
  /** most members a group takes; 0 for no limit */
  membercap: z.coerce.number().int().min(0).max(1000).default(0),
  /** most groups the set holds; 0 for no limit */
  groupcap: z.coerce.number().int().min(0).max(500).default(0),
  /** students may create (and delete their own empty) groups */
  allowcreate: z.coerce.number().int().min(0).max(1).default(0),
};
export const groupSetInput = courseIdInput.extend(groupSetFields);
export const groupSetEditInput = courseIdInput.extend({ id: wireId(), ...groupSetFields });
export const groupSetIdInput = courseIdInput.extend({ id: wireId() });
export const groupAddInput = courseIdInput.extend({ setid: wireId(), name: groupTitle });
export const groupIdInput = courseIdInput.extend({ groupid: wireId() });
export const groupRenameInput = groupIdInput.extend({ name: groupTitle });
/** students join for themselves; teachers pass `uids` to assign */
export const groupJoinInput = groupIdInput.extend({ uids: z.array(wireId()).max(500).optional() });
export const groupLeaderInput = groupIdInput.extend({ uid: wireId() });

/** The weekly member-change notice (issue #3; default Saturday 21:30, spec 1 §9). */
export const memberSettingInput = courseIdInput.extend({
  notify: z.coerce.number().int().min(0).max(1),
  /** 0 Sunday … 6 Saturday */
  weekday: z.coerce
    .number({ message: 'validation.weekday' })
    .int()
    .min(0, { message: 'validation.weekday' })
    .max(6, { message: 'validation.weekday' }),
  time: z
    .string({ message: 'validation.noticeTime' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.noticeTime' }),
});

/** Socket command to the course's staff room after students joined or left: `{ courseid }` (issue 25: counts update live). */
export const COURSE_MEMBERS_CMD = 'Course.members';
