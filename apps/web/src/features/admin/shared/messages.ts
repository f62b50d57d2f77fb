import { errorStatus, type FormStatus } from '../../../components/form-alert';
import i18n from '../../../lib/i18n';

/**
 * Validation and server messages arrive in English (the spec's wording, from the contract schemas
 * and the API). The admin namespace keeps their translations under `messages`, keyed by the English
 * text; unknown messages are shown as they are.
 */
export const translateMessage = (message: string | undefined): string => {
  if (!message) return '';
  const bundle = i18n.getResourceBundle(i18n.resolvedLanguage ?? i18n.language, 'admin') as
    | { messages?: Record<string, string> }
    | undefined;
  return bundle?.messages?.[message] ?? message;
};

/** The form alert of a failed call, with the server's messages translated when the admin texts know them. */
export const adminErrorStatus = (error: unknown, fallback: string): FormStatus => {
  const status = errorStatus(error, fallback);
  if (!status) return status;
  return { ...status, message: translateMessage(status.message), details: status.details?.map(translateMessage) };
};
