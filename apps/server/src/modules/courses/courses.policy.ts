import { USERTYPE_TEACHER } from '@paiclass/shared';

/** A caller's place in one course; null for a stranger (spec 1 §6). */
export type CourseRole = 'owner' | 'assistant' | 'student' | null;

export type CourseAction = 'view' | 'edit' | 'delete' | 'transfer' | 'copy' | 'archive' | 'pin' | 'manageCode' | 'quit';

const ABILITIES: Record<Exclude<CourseRole, null>, CourseAction[]> = {
  // spec 1 §6: owner edit, delete, archive, copy, transfer, pin; join-code menu reset, stop, enable
  owner: ['view', 'edit', 'delete', 'transfer', 'copy', 'archive', 'pin', 'manageCode'],
  // assistant: edit, archive, copy, pin
  assistant: ['view', 'edit', 'copy', 'archive', 'pin'],
  // student: exit course, archive, pin
  student: ['view', 'quit', 'archive', 'pin'],
};

/** Whether a course role may take an action; strangers may take none. */
export const can = (role: CourseRole, action: CourseAction) => (role ? ABILITIES[role].includes(action) : false);

/** The permission list sent to the client (`courseAuth:{id}`) only to hide controls. */
export const abilities = (role: CourseRole): CourseAction[] => (role ? [...ABILITIES[role]] : []);

/** Only teachers create courses (spec 1 §1). */
export const canCreateCourse = (user: { usertype: number }) => user.usertype === USERTYPE_TEACHER;

/** spec 1 §9: non-VIP teachers may create 50 courses, deleted and archived ones included. */
export const overFreeCap = (user: { isvip: number }, created: number, cap: number) => user.isvip === 0 && created >= cap;
