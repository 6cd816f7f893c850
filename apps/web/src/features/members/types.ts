/** Shapes the member and group calls answer (docs/api.md "Member calls", "Group calls"). */

/** A student of the course. Teachers and assistants get every field; students only uid, name and avatar. */
export interface StudentRow {
  uid: number;
  username: string;
  avatar: string;
  stno?: string;
  school?: string;
  /** 0: in no administrative class */
  classid?: number;
  classname?: string;
  /** epoch seconds */
  jointime?: number;
}

export interface StudentPage {
  total: number;
  page: number;
  list: StudentRow[];
}

/** `/StudentsApi/getStudentInfo` (teachers). */
export interface StudentInfo {
  uid: number;
  username: string;
  avatar: string;
  stno: string;
  school: string;
  department: string;
  mobile: string;
  email: string;
  classno: string;
  grade: string;
  enrolltime: string;
  classid: number;
  classname: string;
  jointime: number;
  answers: { title: string; value: string }[];
}

/** A member of the teaching team; the owner comes first. */
export interface TeamMember {
  uid: number;
  username: string;
  avatar: string;
  school?: string;
  role: 'owner' | 'assistant';
}

/** An administrative class of the course, with its student count. */
export interface AdminClass {
  id: number;
  name: string;
  count: number;
}

/** 1 fixed (the teacher assigns), 2 free (students choose), 3 limited (students choose within the caps). */
export type GroupKind = 1 | 2 | 3;

/** A grouping (`/CourseGroupActivityApi/lists`). */
export interface Grouping {
  id: number;
  title: string;
  type: GroupKind;
  /** 0: no limit */
  membercap: number;
  /** 0: no limit */
  groupcap: number;
  allowcreate: 0 | 1;
  createtime: number;
}

export interface GroupMember {
  uid: number;
  username: string;
  avatar: string;
}

export interface Group {
  id: number;
  name: string;
  /** the leader's uid; 0 none */
  leader: number;
  members: GroupMember[];
}

/** `/CourseGroupActivityApi/info`: the grouping, its groups, who is in none, and what the caller may do. */
export interface GroupingInfo extends Grouping {
  groups: Group[];
  ungrouped: GroupMember[];
  /** the caller's group id; 0 none */
  mygroup: number;
  canManage: 0 | 1;
  canChoose: 0 | 1;
  canCreate: 0 | 1;
}

/** The grouping form (create, edit). */
export interface GroupingBody {
  title: string;
  type: GroupKind;
  membercap: number;
  groupcap: number;
  allowcreate: 0 | 1;
}

/** The weekly member-change notice (`/CourseApi/getMemberSetting`). */
export interface MemberSetting {
  courseid: number;
  /** 1 on */
  notify: 0 | 1;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** HH:MM */
  time: string;
}
