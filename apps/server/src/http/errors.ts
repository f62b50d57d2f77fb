import { NUL_REFUSED } from '@rfid/contract';

/** One error type for the whole server; the error handler maps its code to a status. */
export type AppErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE';

const STATUS: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly errors: FieldErrors | undefined;
  constructor(code: AppErrorCode, { message, errors }: { message: string; errors?: FieldErrors }) {
    super(message);
    this.code = code;
    this.errors = errors;
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** A validation error on one field, in the spec's "first message of the first field" shape. */
export const fieldError = (field: string, message: string): AppError =>
  new AppError('VALIDATION', { message, errors: { [field]: [message] } });

/** PostgreSQL text cannot hold U+0000; every string of a request is refused with this. */
export const NUL_MESSAGE = NUL_REFUSED;

export const notFound = (message = 'Not found.'): AppError => new AppError('NOT_FOUND', { message });
export const forbidden = (message = 'You do not have permission to perform this action.'): AppError =>
  new AppError('FORBIDDEN', { message });
export const conflict = (message: string): AppError => new AppError('CONFLICT', { message });
