import { type CourseAbility, USERTYPE_TEACHER } from '@paiclass/shared';

/** A caller's place in one course; null for a stranger (spec 1 §6). */
export type CourseRole = 'owner' | 'assistant' | 'student' | null;

export type CourseAction = CourseAbility;

const ABILITIES: Record<Exclude<CourseRole, null>, CourseAction[]> = {
  // spec 1 §6: owner edit, delete, archive, copy, transfer, pin; join-code menu reset, stop, enable;
  // ending the course and the quit switch are the owner's too
  owner: [
    'view',
    'edit',
    'delete',
    'transfer',
    'copy',
    'archive',
    'pin',
    'manageCode',
    'end',
    'setAllowQuit',
    'manageEnroll',
    'manageMembers',
    'manageTeam',
    'manageGroups',
    'manageContent',
    'teachClass',
  ],
  // assistant: edit, archive, copy, pin; and helping with enrolment and students (not the teaching team)
  assistant: [
    'view',
    'edit',
    'copy',
    'archive',
    'pin',
    'manageEnroll',
    'manageMembers',
    'manageGroups',
    'manageContent',
    'teachClass',
  ],
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

/** How delete, quit and transfer are confirmed (spec 1 §4 deleteway): 1 typed course name, 0 login password. */
export const deleteWay = (user: { passwordHash: string | null }): 0 | 1 => (user.passwordHash ? 0 : 1);

/** What a student may do in a grouping (spec 2 §6): nothing in a fixed one; join and leave otherwise; create when allowed. */
export const studentMayChooseGroup = (set: { type: number }) => set.type !== 1;
export const studentMayCreateGroup = (set: { type: number; allowcreate: boolean }) => set.type !== 1 && set.allowcreate;

/**
 * spec 1 §5, spec 2 §2: a student of an ended course whose teacher disallowed visits is kept out of
 * it (teachers and assistants keep their access).
 */
export const closedToStudent = (role: CourseRole, course: { classending: number; canvisit: number }) =>
  role === 'student' && course.classending === 1 && course.canvisit === 0;

/** What such a student may still do, from their course list: leave it, archive it, pin it. */
export const OPEN_WHEN_CLOSED: readonly CourseAction[] = ['quit', 'archive', 'pin'];
