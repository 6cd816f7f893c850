import type { MajorType } from '@paiclass/shared';
import { accountsCalls } from '@paiclass/shared';
import { call } from '../../lib/api';

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
    call(accountsCalls.editUserInfo, { ...changes, ...(confirm ? { confirm: 1 } : {}) }),
  changeUsertype: (usertype: number, confirm = false) =>
    call(accountsCalls.changeUsertype, { usertype, ...(confirm ? { confirm: 1 } : {}) }),
  updateAvatar: (fileid: number) => call(accountsCalls.updateAvatar, { fileid }),
  setNotify: (switches: Partial<Record<'notify1' | 'notify2' | 'notify3' | 'notify4', 0 | 1>>) =>
    call(accountsCalls.setNotify, switches),
};
