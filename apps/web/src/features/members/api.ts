import type { groupJoinAnswer, groupLeaderAnswer, memberCountAnswer, memberDoneAnswer, renamedAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type {
  AddedAssistant,
  AdminClass,
  Grouping,
  GroupingBody,
  GroupingInfo,
  MemberSetting,
  NewGroup,
  StudentInfo,
  StudentPage,
  TeamMember,
} from './types';

type Count = z.output<typeof memberCountAnswer>;
type Done = z.output<typeof memberDoneAnswer>;
type Renamed = z.output<typeof renamedAnswer>;

/** Students per page of the member list (the server allows 20 by default, at most 100). */
export const STUDENT_PAGE_SIZE = 20;

/** The member and group calls of docs/api.md, typed. */
export const membersApi = {
  students: (body: { courseid: number; page: number; limit?: number; search?: string; classid?: number }) =>
    api<StudentPage>('/Futurev2/Student/lists', { limit: STUDENT_PAGE_SIZE, ...body }),
  studentCount: (courseid: number) => api<Count>('/StudentsApi/getStudentCount', { courseid }),
  studentInfo: (courseid: number, uid: number) => api<StudentInfo>('/StudentsApi/getStudentInfo', { courseid, uid }),
  removeStudents: (courseid: number, uids: number[]) => api<Count>('/Futurev2/Student/remove', { courseid, uids }),
  team: (courseid: number) => api<TeamMember[]>('/AssistantApi/getTeacherTeam', { courseid }),
  addAssistant: (courseid: number, account: string) => api<AddedAssistant>('/AssistantApi/addAssistant', { courseid, account }),
  removeAssistant: (courseid: number, uid: number) => api<Done>('/AssistantApi/delAssistant', { courseid, uid }),
  classes: (courseid: number) => api<AdminClass[]>('/FutureV2/ClassAdministration/lists', { courseid }),
  createClass: (courseid: number, name: string) => api<AdminClass>('/FutureV2/ClassAdministration/create', { courseid, name }),
  renameClass: (courseid: number, id: number, name: string) =>
    api<Renamed>('/FutureV2/ClassAdministration/rename', { courseid, id, name }),
  deleteClass: (courseid: number, id: number) => api<Done>('/FutureV2/ClassAdministration/delete', { courseid, id }),
  /** into a class, or out of every class with id 0 */
  moveToClass: (courseid: number, id: number, uids: number[]) =>
    api<Count>('/FutureV2/ClassAdministration/move', { courseid, id, uids }),
  groupings: (courseid: number) => api<Grouping[]>('/CourseGroupActivityApi/lists', { courseid }),
  groupingInfo: (courseid: number, id: number) => api<GroupingInfo>('/CourseGroupActivityApi/info', { courseid, id }),
  addGrouping: (courseid: number, body: GroupingBody) => api<Grouping>('/CourseGroupActivityApi/add', { courseid, ...body }),
  editGrouping: (courseid: number, id: number, body: GroupingBody) =>
    api<Grouping>('/CourseGroupActivityApi/edit', { courseid, id, ...body }),
  deleteGrouping: (courseid: number, id: number) => api<Done>('/CourseGroupActivityApi/delete', { courseid, id }),
  addGroup: (courseid: number, setid: number, name: string) => api<NewGroup>('/CourseGroupApi/add', { courseid, setid, name }),
  /** a student joins for themselves; teachers pass the students to put in */
  joinGroup: (courseid: number, groupid: number, uids?: number[]) =>
    api<z.output<typeof groupJoinAnswer>>('/CourseGroupApi/join', { courseid, groupid, uids }),
  /** a student leaves; teachers pass the students to take out */
  quitGroup: (courseid: number, groupid: number, uids?: number[]) =>
    api<Count>('/CourseGroupApi/quit', { courseid, groupid, uids }),
  deleteGroup: (courseid: number, groupid: number) => api<Done>('/CourseGroupApi/delete', { courseid, groupid }),
  renameGroup: (courseid: number, groupid: number, name: string) =>
    api<Renamed>('/CourseGroupApi/update', { courseid, groupid, name }),
  memberSetting: (courseid: number) => api<MemberSetting>('/CourseApi/getMemberSetting', { courseid }),
  saveMemberSetting: (body: MemberSetting) => api<MemberSetting>('/CourseApi/saveMemberSetting', body),
  setLeader: (courseid: number, groupid: number, uid: number) =>
    api<z.output<typeof groupLeaderAnswer>>('/Futurev2/Student/leader', { courseid, groupid, uid }),
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
