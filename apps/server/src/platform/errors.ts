import { CODES, type CodeName } from '@paiclass/shared';

/**
 * A refusal the caller can act on: an envelope code and a message key (translated per caller).
 * `params` fill placeholders in the message, e.g. the tries left.
 */
export class AppError extends Error {
  readonly code: number;
  /** the input field a bad input names in its message (see envelope `refusalMessage`) */
  field?: string;
  constructor(
    readonly codeName: CodeName,
    readonly messageKey: string = `errors.${codeName}`,
    readonly params: Record<string, string | number> = {},
    readonly httpStatus = 200,
  ) {
    super(messageKey);
    this.code = CODES[codeName];
  }
}

export const fail = (codeName: CodeName, params: Record<string, string | number> = {}) =>
  new AppError(codeName, `errors.${codeName}`, params);

/** A bad input: the message key is a validation key from the shared schemas. */
export const badInput = (messageKey: string) => new AppError('badInput', messageKey);

/** A bad input of one named field, as a schema refusal reports it (zod issue path joined by dots). */
export function badField(messageKey: string, path: readonly PropertyKey[]) {
  const error = badInput(messageKey);
  error.field = path.map(String).join('.');
  return error;
}

/** True when a unique index refused the write (PostgreSQL 23505), whichever driver reported it. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}
