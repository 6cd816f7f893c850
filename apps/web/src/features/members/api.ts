import type { memberCountAnswer, memberDoneAnswer, renamedAnswer } from '@paiclass/shared';
import { coursesCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';
import type { GroupingBody, MemberSetting } from './types';

type Count = z.output<typeof memberCountAnswer>;
type Done = z.output<typeof memberDoneAnswer>;
type Renamed = z.output<typeof renamedAnswer>;

/** Students per page of the member list (the server allows 20 by default, at most 100). */
export const STUDENT_PAGE_SIZE = 20;

/** The member and group calls of docs/api.md, typed. */
export const membersApi = {
  students: (body: { courseid: number; page: number; limit?: number; search?: string; classid?: number }) =>
    call(coursesCalls.lists, { limit: STUDENT_PAGE_SIZE, ...body }),
  studentCount: (courseid: number) => call(coursesCalls.getStudentCount, { courseid }),
  studentInfo: (courseid: number, uid: number) => call(coursesCalls.getStudentInfo, { courseid, uid }),
  removeStudents: (courseid: number, uids: number[]) => call(coursesCalls.remove, { courseid, uids }),
  team: (courseid: number) => call(coursesCalls.getTeacherTeam, { courseid }),
  addAssistant: (courseid: number, account: string) => call(coursesCalls.addAssistant, { courseid, account }),
  removeAssistant: (courseid: number, uid: number) => call(coursesCalls.delAssistant, { courseid, uid }),
  classes: (courseid: number) => call(coursesCalls.classadministrationLists, { courseid }),
  createClass: (courseid: number, name: string) => call(coursesCalls.create, { courseid, name }),
  renameClass: (courseid: number, id: number, name: string) => call(coursesCalls.rename, { courseid, id, name }),
  deleteClass: (courseid: number, id: number) => call(coursesCalls.delete, { courseid, id }),
  /** into a class, or out of every class with id 0 */
  moveToClass: (courseid: number, id: number, uids: number[]) => call(coursesCalls.move, { courseid, id, uids }),
  groupings: (courseid: number) => call(coursesCalls.coursegroupactivityLists, { courseid }),
  groupingInfo: (courseid: number, id: number) => call(coursesCalls.info, { courseid, id }),
  addGrouping: (courseid: number, body: GroupingBody) => call(coursesCalls.add, { courseid, ...body }),
  editGrouping: (courseid: number, id: number, body: GroupingBody) => call(coursesCalls.edit, { courseid, id, ...body }),
  deleteGrouping: (courseid: number, id: number) => call(coursesCalls.coursegroupactivityDelete, { courseid, id }),
  addGroup: (courseid: number, setid: number, name: string) => call(coursesCalls.coursegroupAdd, { courseid, setid, name }),
  /** a student joins for themselves; teachers pass the students to put in */
  joinGroup: (courseid: number, groupid: number, uids?: number[]) => call(coursesCalls.join, { courseid, groupid, uids }),
  /** a student leaves; teachers pass the students to take out */
  quitGroup: (courseid: number, groupid: number, uids?: number[]) => call(coursesCalls.quit, { courseid, groupid, uids }),
  deleteGroup: (courseid: number, groupid: number) => call(coursesCalls.coursegroupDelete, { courseid, groupid }),
  renameGroup: (courseid: number, groupid: number, name: string) => call(coursesCalls.update, { courseid, groupid, name }),
  memberSetting: (courseid: number) => call(coursesCalls.getMemberSetting, { courseid }),
  saveMemberSetting: (body: MemberSetting) => call(coursesCalls.saveMemberSetting, body),
  setLeader: (courseid: number, groupid: number, uid: number) => call(coursesCalls.leader, { courseid, groupid, uid }),
};

/** TanStack Query keys of the member area. */
export const memberKeys = {
  all: (courseId: number) => ['members', courseId] as const,
  students: (courseId: number, search: string, classid: number | 'all') =>
    ['members', courseId, 'students', search, classid] as const,
  count: (courseId: number) => ['members', courseId, 'count'] as const,
  student: (courseId: number, uid: number) => ['members', courseId, 'student', uid] as const,
  team: (courseId: number) => ['members', courseId, 'team'] as const,
  classes: (courseId: number) => ['members', courseId, 'classes'] as const,
  groupings: (courseId: number) => ['members', courseId, 'groupings'] as const,
  grouping: (courseId: number, id: number) => ['members', courseId, 'grouping', id] as const,
  setting: (courseId: number) => ['members', courseId, 'setting'] as const,
};
