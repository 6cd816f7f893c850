/** Addresses of the member pages (spec 1 §2 /member and its sub-routes). */

export type MemberTab = 'students' | 'team' | 'groups';
export const MEMBER_TABS: MemberTab[] = ['students', 'team', 'groups'];

export const memberPath = (courseId: number, tab: MemberTab = 'students') =>
  tab === 'students' ? `/member?courseId=${courseId}` : `/member?courseId=${courseId}&tab=${tab}`;
export const studentInfoPath = (courseId: number, uid: number) =>
  `/member/studentInfo/studentInfo?courseId=${courseId}&uid=${uid}`;
export const removeStudentsPath = (courseId: number) => `/member/remove?courseId=${courseId}`;
export const newTeamPath = (courseId: number) => `/member/newTeam?courseId=${courseId}`;
export const memberSettingPath = (courseId: number) => `/member/memberSetting?courseId=${courseId}`;
export const groupSettingsPath = (courseId: number, id?: number) =>
  id ? `/member/groupSettings?courseId=${courseId}&id=${id}` : `/member/groupSettings?courseId=${courseId}`;
export const groupDetailsPath = (courseId: number, id: number) => `/member/groupDetails?courseId=${courseId}&id=${id}`;
export const subGroupPath = (courseId: number, id: number, groupid: number) =>
  `/member/groupDetails/subGrouped?courseId=${courseId}&id=${id}&groupid=${groupid}`;
export const newGroupPath = (courseId: number, id: number) => `/member/newGroup?courseId=${courseId}&id=${id}`;
export const selectionGroupPath = (courseId: number, id: number) => `/member/SelectionGroup?courseId=${courseId}&id=${id}`;
export const ungroupPath = (courseId: number, id: number, groupid?: number) =>
  groupid ? `/member/Ungroup?courseId=${courseId}&id=${id}&groupid=${groupid}` : `/member/Ungroup?courseId=${courseId}&id=${id}`;
export const groupLeaderPath = (courseId: number, id: number, groupid: number) =>
  `/member/groupLeader?courseId=${courseId}&id=${id}&groupid=${groupid}`;
