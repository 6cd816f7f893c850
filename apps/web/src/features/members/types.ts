import type {
  adminClassAnswer,
  assistantAddedAnswer,
  groupAnswer,
  groupingAnswer,
  groupingInfoAnswer,
  groupMemberAnswer,
  memberSettingAnswer,
  studentInfoAnswer,
  studentPageAnswer,
  studentRowAnswer,
  teamMemberAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes the member and group calls answer (docs/api.md "Member calls", "Group calls"): the server's answer schemas, packages/shared/src/members/responses.ts. */

/** A student of the course. Teachers and assistants get every field; students only uid, name and avatar. */
export type StudentRow = z.output<typeof studentRowAnswer>;

export type StudentPage = z.output<typeof studentPageAnswer>;

/** `/StudentsApi/getStudentInfo` (teachers). */
export type StudentInfo = z.output<typeof studentInfoAnswer>;

/** A member of the teaching team; the owner comes first. */
export type TeamMember = z.output<typeof teamMemberAnswer>;

/** `/AssistantApi/addAssistant`: the new assistant (without a school). */
export type AddedAssistant = z.output<typeof assistantAddedAnswer>;

/** An administrative class of the course, with its student count. */
export type AdminClass = z.output<typeof adminClassAnswer>;

/** A grouping (`/CourseGroupActivityApi/lists`). */
export type Grouping = z.output<typeof groupingAnswer>;

/** 1 fixed (the teacher assigns), 2 free (students choose), 3 limited (students choose within the caps). */
export type GroupKind = Grouping['type'];

export type GroupMember = z.output<typeof groupMemberAnswer>;

/** A group of a grouping, with its members. */
export type Group = GroupingInfo['groups'][number];

/** `/CourseGroupApi/add`: the new group. */
export type NewGroup = z.output<typeof groupAnswer>;

/** `/CourseGroupActivityApi/info`: the grouping, its groups, who is in none, and what the caller may do. */
export type GroupingInfo = z.output<typeof groupingInfoAnswer>;

/** The grouping form (create, edit). */
export interface GroupingBody {
  title: string;
  type: GroupKind;
  membercap: number;
  groupcap: number;
  allowcreate: 0 | 1;
}

/** The weekly member-change notice (`/CourseApi/getMemberSetting`). */
export type MemberSetting = z.output<typeof memberSettingAnswer>;
