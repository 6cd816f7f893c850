import { z } from 'zod';

/**
 * What the member and group calls answer (docs/api.md "Member calls", "Group calls"), with the value
 * types the server sends (issue 10). The server serialises with these schemas and checks its answers
 * against them in tests; the web app takes its types from them.
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const int = () => z.number().int();

/** `/Futurev2/Student/remove`, `/FutureV2/ClassAdministration/move`, `kick`, `/StudentsApi/getStudentCount`, `/CourseGroupApi/quit`: how many */
export const memberCountAnswer = z.object({ count: int() });

/** `/AssistantApi/delAssistant`, `/FutureV2/ClassAdministration/delete`, `/CourseGroupActivityApi/delete`, `/CourseGroupApi/delete` */
export const memberDoneAnswer = z.object({});

/** a student of the course: teachers and assistants get every field; students only uid, name and avatar */
export const studentRowAnswer = z.object({
  uid: int(),
  username: z.string(),
  avatar: z.string(),
  stno: z.string().optional(),
  school: z.string().optional(),
  /** 0: in no administrative class */
  classid: int().optional(),
  classname: z.string().optional(),
  /** epoch seconds */
  jointime: int().optional(),
});

/** `/Futurev2/Student/lists`: one page of students */
export const studentPageAnswer = z.object({ total: int(), page: int(), list: z.array(studentRowAnswer) });

/** `/StudentsApi/getStudentInfo` (teachers) */
export const studentInfoAnswer = z.object({
  uid: int(),
  username: z.string(),
  avatar: z.string(),
  stno: z.string(),
  school: z.string(),
  department: z.string(),
  mobile: z.string(),
  email: z.string(),
  classno: z.string(),
  grade: z.string(),
  /** the enrolment month, YYYY-MM */
  enrolltime: z.string(),
  /** 0: in no administrative class */
  classid: int(),
  classname: z.string(),
  /** epoch seconds */
  jointime: int(),
  /** the answers to the enrolment form */
  answers: z.array(z.object({ title: z.string(), value: z.string() })),
});

/** `/AssistantApi/getTeacherTeam` (a list, the owner first), `getAssistantInfo`: a member of the teaching team */
export const teamMemberAnswer = z.object({
  uid: int(),
  username: z.string(),
  avatar: z.string(),
  school: z.string(),
  role: z.enum(['owner', 'assistant']),
});

/** `/AssistantApi/addAssistant`: the new assistant */
export const assistantAddedAnswer = teamMemberAnswer.omit({ school: true });

/** `/FutureV2/ClassAdministration/lists` (a list), `create`: an administrative class with its student count */
export const adminClassAnswer = z.object({ id: int(), name: z.string(), count: int() });

/** `/FutureV2/ClassAdministration/rename`, `/CourseGroupApi/update` */
export const renamedAnswer = z.object({ id: int(), name: z.string() });

/** `/CourseApi/getMemberSetting`, `saveMemberSetting`: the weekly member-change notice */
export const memberSettingAnswer = z.object({
  courseid: int(),
  /** 1 on */
  notify: flag,
  /** 0 Sunday … 6 Saturday */
  weekday: int(),
  /** HH:MM */
  time: z.string(),
});

/** `/CourseGroupActivityApi/lists` (a list), `add`, `edit`: a grouping */
export const groupingAnswer = z.object({
  id: int(),
  title: z.string(),
  /** 1 fixed (the teacher assigns), 2 free (students choose), 3 limited (students choose within the caps) */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** 0: no limit */
  membercap: int(),
  /** 0: no limit */
  groupcap: int(),
  /** 1: students may create groups */
  allowcreate: flag,
  /** epoch seconds */
  createtime: int(),
});

export const groupMemberAnswer = z.object({ uid: int(), username: z.string(), avatar: z.string() });

/** `/CourseGroupApi/add`: the new group */
export const groupAnswer = z.object({
  id: int(),
  name: z.string(),
  /** the leader's uid; 0 none */
  leader: int(),
});

/** `/CourseGroupActivityApi/info`: the grouping, its groups, who is in none, and what the caller may do */
export const groupingInfoAnswer = groupingAnswer.extend({
  groups: z.array(groupAnswer.extend({ members: z.array(groupMemberAnswer) })),
  ungrouped: z.array(groupMemberAnswer),
  /** the caller's group id; 0 none */
  mygroup: int(),
  canManage: flag,
  canChoose: flag,
  canCreate: flag,
});

/** `/CourseGroupApi/join`: the group and how many went in */
export const groupJoinAnswer = z.object({ groupid: int(), count: int() });

/** `/Futurev2/Student/leader`: the group and its new leader */
export const groupLeaderAnswer = z.object({ groupid: int(), leader: int() });
