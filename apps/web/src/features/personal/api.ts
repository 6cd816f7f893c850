import type { MajorType, UserInfo } from '@paiclass/shared';
import { api } from '../../lib/api';

/** What `/UserApi/editUserInfo` takes: any of the profile's fields (docs/api.md). */
export interface ProfileChanges {
  username?: string;
  stno?: string;
  school?: string;
  department?: string;
  classno?: string;
  grade?: number;
  enrolltime?: string;
  teachcourse?: string[];
  majors?: { type: MajorType; id: string; title: string }[];
}

/** The personal centre's calls: each answers the changed user. `confirm: 1` accepts ending certifications (30605). */
export const profileApi = {
  edit: (changes: ProfileChanges, confirm = false) =>
    api<UserInfo>('/UserApi/editUserInfo', { ...changes, ...(confirm ? { confirm: 1 } : {}) }),
  changeUsertype: (usertype: number, confirm = false) =>
    api<UserInfo>('/UserApi/changeUsertype', { usertype, ...(confirm ? { confirm: 1 } : {}) }),
  updateAvatar: (fileid: number) => api<UserInfo>('/UserApi/updateAvatar', { fileid }),
  setNotify: (switches: Partial<Record<'notify1' | 'notify2' | 'notify3' | 'notify4', 0 | 1>>) =>
    api<UserInfo>('/UserApi/setNotify', switches),
};
