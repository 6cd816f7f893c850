import { useState } from 'react';
import { ApiError } from './api';
import { translations, useTranslation } from './translations';
import type { FieldErrors } from './validation';

/**
 * A form's errors: each field's own (message keys, shown translated under the field) and the
 * server's refusal for the whole form. Editing a field clears its error and the form's.
 */
export function useFormErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const clearError = (field: string) => {
    setFormError(undefined);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return { errors, setErrors, formError, setFormError, clearError, fieldError };
}

/**
 * The field a server refusal is about, known by its words: the refusal names no field on the wire,
 * but its message is a shared validation message in the language in use (packages/shared/messages.ts).
 * `fields` pairs message keys with the form's field names, first match wins; undefined when none
 * matches (the refusal is the whole form's).
 */
export function refusedField(e: unknown, fields: ReadonlyArray<readonly [string, string]>) {
  if (!(e instanceof ApiError) || e.handled) return undefined;
  const hit = fields.find(([key]) => translations.t(key) === e.message);
  return hit ? { key: hit[0], field: hit[1] } : undefined;
}
