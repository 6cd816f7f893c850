import { z } from 'zod';

/**
 * Values as Ketangpai's own clients send them (issue 10, "Ketangpai wire tolerance"): numbers as
 * numbers or strings, empty strings and nulls for "none", lists as arrays or "1,2,3". Every input
 * schema builds its ids and integers from these, so a tolerance rule is written once. Unknown
 * fields (`coruserole`, `lessonlink`, `reqtimestamp`) are dropped by zod's default object.
 */

/**
 * The largest value of PostgreSQL's `integer`, the type of every id and count column: an id or
 * count past it is refused as bad input (issue 11) instead of failing in the database.
 */
export const INT_MAX = 2_147_483_647;

/** 9999-12-31 23:59:59 UTC in epoch seconds: the last moment a time field takes (issue 11). */
export const EPOCH_SECONDS_MAX = 253_402_300_799;

const isNone = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** An integer sent as a number or a string ("3", " 3 "). */
export const wireInt = () => z.coerce.number().int().min(-INT_MAX).max(INT_MAX);

/** A positive id sent as a number or a string. */
export const wireId = () => z.coerce.number().int().positive().max(INT_MAX);

/** An optional id where missing, null, empty, [] or "0" all mean none (0). */
export const wireOptionalId = () => z.preprocess((v) => (isNone(v) ? 0 : v), z.coerce.number().int().min(0).max(INT_MAX));

/** An integer with a fallback when missing or empty. */
export const wireIntOr = (fallback: number) => z.preprocess((v) => (isNone(v) ? fallback : v), wireInt());

/** A page number, 1 when missing. */
export const wirePage = () => z.coerce.number().int().min(1).max(INT_MAX).default(1);

/** A moment in epoch seconds where missing, null or empty mean none (0); at most the end of year 9999. */
export const wireSeconds = () => z.preprocess((v) => (isNone(v) ? 0 : v), z.coerce.number().int().min(0).max(EPOCH_SECONDS_MAX));

/** A list of non-negative integers sent as one value (2, "2"), an array (["2","8"]) or "2,8"; none is []. */
export const wireIntList = (max = 100, largest = INT_MAX, message?: string) =>
  z.preprocess(
    (v) => (isNone(v) ? [] : Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : [v]),
    z
      .array(
        z.coerce
          .number()
          .int()
          .min(0)
          .max(largest, message ? { message } : undefined),
      )
      .max(max),
  );

/**
 * A sort direction hint: Ketangpai clients send `desc` as 0/1, as "3" or 3 (their own sort codes),
 * or leave it out. 0 asks for oldest first; any other integer, or nothing, newest first.
 */
export const wireDesc = () => z.preprocess((v) => (isNone(v) ? 1 : v), wireInt()).transform((v) => (v === 0 ? 0 : 1));

/** A sort key: "time" or "title"; anything else a client sends (`sort: []`, unknown words) means the default. */
export const wireSortKey = () => z.preprocess((v) => (v === 'time' || v === 'title' ? v : ''), z.enum(['time', 'title', '']));

/** The input of a call that reads nothing from its body (contract.ts): whatever comes is ignored. */
export const noInput = z.unknown();
/** The output declared for a call that answers a file (contract.ts `answersFile`): a refusal carries no data. */
export const fileOutput = z.null();
