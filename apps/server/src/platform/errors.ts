import { CODES, type CodeName } from '@paiclass/shared';

/**
 * A refusal the caller can act on: an envelope code and a message key (translated per caller).
 * `params` fill placeholders in the message, e.g. the tries left.
 */
export class AppError extends Error {
  readonly code: number;
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

/** True when a unique index refused the write (PostgreSQL 23505), whichever driver reported it. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}
