/** The part of a shared zod schema the forms use. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Field name to message key (a key of the locales or of the shared validationMessages). */
export type FieldErrors = Record<string, string>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Validates with a shared zod schema and keeps the first message of each field, untranslated:
 * the keys are the same ones the server answers with, so forms and server say the same words.
 * Fields in `ignore` are checked later in the flow (the register code, for instance).
 */
export function validate<T>(schema: Schema<T>, values: unknown, ignore: string[] = []): Validated<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_form');
    if (ignore.includes(field) || errors[field]) continue;
    errors[field] = issue.message;
  }
  if (Object.keys(errors).length === 0) return { ok: true, data: values as T };
  return { ok: false, errors };
}
