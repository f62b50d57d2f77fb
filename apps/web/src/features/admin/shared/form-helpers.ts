import { translateMessage } from './messages';

/** The translated message of a field error, for a TextField's helperText. */
export const errorText = (error: { message?: string } | undefined): string | undefined =>
  error?.message ? translateMessage(error.message) : undefined;

/** Route params are strings; a missing or malformed id is 0 (add mode). */
export const toId = (value: string | undefined): number => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
