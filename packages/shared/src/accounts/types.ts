/** Shapes the account calls answer (spec 1 §3); the schemas are in responses.ts. */
import type { z } from 'zod';
import type { loginAnswer, schoolConfigAnswer, userInfoAnswer } from './responses';

export type LoginResult = z.output<typeof loginAnswer>;
/** The user info, with Ketangpai's value types (issue 10): read ids and flags with `Number()`. */
export type UserInfo = z.output<typeof userInfoAnswer>;
export type SchoolConfig = z.output<typeof schoolConfigAnswer>;

export interface Envelope<T> {
  status: 0 | 1;
  code: number;
  message: string;
  data: T;
}

/** The institution a user is certified with, from either form of `attestInfo`. */
export function attestJigou(info: { attestInfo: UserInfo['attestInfo'] | { jigou: string } }): string {
  const a = info.attestInfo;
  return (Array.isArray(a) ? a[0]?.jigou : a?.jigou) ?? '';
}
