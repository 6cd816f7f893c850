import { useState } from 'react';
import { useTranslation } from './translations';
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
