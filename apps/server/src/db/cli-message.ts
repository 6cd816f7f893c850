import { AppError } from '../platform/errors';
import { translate } from '../platform/i18n';

/**
 * What an operator's command prints for a refusal (decision 053): a typed refusal in English, with its
 * code and the field it names, as the admin page shows it in the operator's language; any other
 * error's own message.
 */
export function cliMessage(e: unknown) {
  if (e instanceof AppError) {
    const text = translate('en', e.messageKey, e.params);
    return `${text} (${e.code}${e.field ? `, ${e.field}` : ''})`;
  }
  return (e as Error).message;
}
