import { type Language, type Message, type MessageArg, render, toMessage } from '../i18n/messages.js';

/** One error type for the whole server; the error handler maps its code to a status. */
export type AppErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE'
  | 'INSUFFICIENT_STORAGE';

const STATUS: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
};

/** Field → its messages (catalogue keys, rendered in the reader's language by the error handler). */
export type FieldErrors = Record<string, MessageArg[]>;
/** The body of an error answer (README "API conventions"): texts in the reader's language, and their stable codes. */
export type ErrorBody = {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
  codes?: Record<string, string[]>;
  params?: Record<string, string | number>;
  /** A refused edit of a changed record (http/versions.ts): the record's version now. */
  current_version?: number;
};

/**
 * An error the client gets. Its texts are catalogue keys (i18n/messages.ts), never a sentence: the error handler
 * renders them in the request's language; `message` (Error's) is the English text, for logs.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly text: Message;
  readonly errors: FieldErrors | undefined;
  /** When to try again (the `Retry-After` header, in seconds): a busy or unavailable server says when. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    code: AppErrorCode,
    { message, errors, retryAfterSeconds }: { message: MessageArg; errors?: FieldErrors; retryAfterSeconds?: number },
  ) {
    super(render(message, 'en'));
    this.code = code;
    this.text = toMessage(message);
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
  get status(): number {
    return STATUS[this.code];
  }
  /** Headers of the answer besides its body (`Retry-After`; a stale edit's ETag in a subclass). */
  get headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { 'retry-after': String(this.retryAfterSeconds) };
  }
  /** The answer's body in `language`: `{message, code, errors?, codes?, params?}`. */
  body(language: Language): ErrorBody {
    const params = flatParams(this.text, language);
    return {
      message: render(this.text, language),
      code: this.text.key,
      ...(params ? { params } : {}),
      ...(this.errors
        ? {
            errors: mapFields(this.errors, (m) => render(m, language)),
            codes: mapFields(this.errors, (m) => toMessage(m).key),
          }
        : {}),
    };
  }
}

const mapFields = <T>(errors: FieldErrors, f: (message: MessageArg) => T): Record<string, T[]> =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map(f)]));

/** The parameters of a message for a client that translates by code (a message parameter is sent rendered). */
const flatParams = (message: Message, language: Language): Record<string, string | number> | undefined =>
  message.params
    ? Object.fromEntries(
        Object.entries(message.params).map(([name, value]) => [
          name,
          typeof value === 'object' ? render(value, language) : value,
        ]),
      )
    : undefined;

/** A validation error on one field, in the spec's "first message of the first field" shape. */
export const fieldError = (field: string, message: MessageArg): AppError =>
  new AppError('VALIDATION', { message, errors: { [field]: [message] } });

/** `field: text` (the first message of a body with field errors), or the text alone for `non_field_errors`. */
export const namedMessage = (field: string, message: MessageArg): MessageArg =>
  field === 'non_field_errors' ? message : { key: 'common.field_message', params: { field, message: toMessage(message) } };

/** A validation error of several fields; its message is the first field's first message, named (`field: text`). */
export const validationError = (errors: FieldErrors, code: AppErrorCode = 'VALIDATION'): AppError => {
  const [first] = Object.entries(errors);
  const firstMessage = first?.[1][0];
  return new AppError(code, {
    message: first && firstMessage ? namedMessage(first[0], firstMessage) : 'common.invalid_request',
    errors,
  });
};

/** PostgreSQL text cannot hold U+0000; every string of a request is refused with this. */
export const NUL_MESSAGE = 'common.nul_refused' satisfies MessageArg;

export const notFound = (message: MessageArg = 'common.not_found'): AppError => new AppError('NOT_FOUND', { message });
/** The record read, or a 404 with `message` when there is none. */
export const foundOr = async <T>(read: Promise<T | null | undefined>, message: MessageArg): Promise<T> => {
  const row = await read;
  if (!row) throw notFound(message);
  return row;
};
/**
 * The record read when it is in a location the user sees (`locationIds`: theirs, null for every one of the company),
 * or a 404 with `message` when there is none or it is elsewhere.
 */
export const visibleOr = async <T extends { locationId: number }>(
  { locationIds }: { locationIds: readonly number[] | null },
  read: Promise<T | null | undefined>,
  message: MessageArg,
): Promise<T> => {
  const row = await read;
  if (!row || (locationIds !== null && !locationIds.includes(row.locationId))) throw notFound(message);
  return row;
};
export const forbidden = (message: MessageArg = 'common.forbidden'): AppError => new AppError('FORBIDDEN', { message });
export const conflict = (message: MessageArg): AppError => new AppError('CONFLICT', { message });
