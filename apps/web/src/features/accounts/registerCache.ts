import { STORAGE_KEYS, session } from '../../lib/storage';

/** The normal register form kept between /register and /loginVerify (spec 1 §3 register cache). */
export interface RegisterCache {
  type: 1;
  /** the account: a phone or an email */
  email: string;
  password: string;
  repassword: string;
  username: string;
  school: string;
  stno: string;
  usertype: number;
  shareClass?: string | null;
  /** when the code countdown that started on /register ends (epoch ms) */
  countdownEndsAt?: number;
}

export const readRegisterCache = () => session.getJSON<RegisterCache>(STORAGE_KEYS.registerCache);
export const writeRegisterCache = (cache: RegisterCache) => session.setJSON(STORAGE_KEYS.registerCache, cache);
export const clearRegisterCache = () => session.remove(STORAGE_KEYS.registerCache);
