/**
 * The abilities a course role may have (spec 1 §6, spec 2 §6): decided on the server by the courses
 * policy, and sent to the client as `authData` only to hide what the caller lacks.
 */
export const COURSE_ABILITIES = [
  'view',
  'edit',
  'delete',
  'transfer',
  'copy',
  'archive',
  'pin',
  /** the join-code menu: reset, stop, enable */
  'manageCode',
  'quit',
  'end',
  'setAllowQuit',
  'manageEnroll',
  /** students and administrative classes */
  'manageMembers',
  /** the teaching team: add and remove assistants */
  'manageTeam',
  /** groupings and groups */
  'manageGroups',
  /** course content: publish, edit, move, delete, see statistics (spec 2 §6) */
  'manageContent',
  /** begin and end a class time (the course list's "in class" label) */
  'teachClass',
] as const;
export type CourseAbility = (typeof COURSE_ABILITIES)[number];
