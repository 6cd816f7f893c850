import { USERTYPE_TEACHER, VIP_LEVEL } from '@paiclass/shared';
import type { TFunction } from '../../lib/translations';

/**
 * The privileges the VIP page lists (spec 1 §6: different for teachers and students; spec 2 §9), each
 * one the server grants to `isvip` > 0: the course cap (courses.policy), unlimited duplicate-check
 * views (dupcheck.service), the bullet-comment effect (barrage.service), 2 GB attachments and the
 * VIP storage quota (files.service); for students, classmates' work live (homework classmates.service, decision 051).
 */
export type Privilege = 'courses' | 'dupcheck' | 'barrage' | 'attachment' | 'storage' | 'classmates';

const TEACHER: Privilege[] = ['courses', 'dupcheck', 'barrage', 'attachment', 'storage'];
// a privilege added later goes last: /vipManagement/instruction?index=N links name a place in this list
const STUDENT: Privilege[] = ['barrage', 'dupcheck', 'attachment', 'storage', 'classmates'];

export const privilegesFor = (usertype: string | number): Privilege[] =>
  Number(usertype) === USERTYPE_TEACHER ? TEACHER : STUDENT;

/** The name of an `isvip` level (spec 1 §3). */
export function levelName(t: TFunction, level: number) {
  switch (level) {
    case VIP_LEVEL.vip:
      return t('vip.level.vip');
    case VIP_LEVEL.superVip:
      return t('vip.level.superVip');
    case VIP_LEVEL.institutionVip:
      return t('vip.level.institutionVip');
    case VIP_LEVEL.institutionSuperVip:
      return t('vip.level.institutionSuperVip');
    default:
      return t('vip.level.none');
  }
}
