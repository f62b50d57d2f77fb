import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type MessageArg, msg } from '../i18n/messages.js';
import { AppError, type FieldErrors, NUL_MESSAGE, validationError } from './errors.js';
import { isMalformedMultipartError, MALFORMED_MULTIPART } from './multipart.js';

/**
 * Issue 13: hostile input is a 400 naming the field, never a 500. Two mechanisms for every route
 * registered under them (registerModules installs them around /api and /nms):
 *
 * 1. A NUL byte (U+0000) anywhere in the path parameters, the query or a JSON body, in a value or
 *    a key, is refused before validation: PostgreSQL text cannot hold it (SQLSTATE 22021).
 * 2. A last-resort mapping of the errors that are the request's fault and not the server's: a
 *    PostgreSQL data exception (class 22: a number out of range, bad text for a type, a date out
 *    of range …) or integrity error (class 23), and a truncated or malformed multipart body. The
 *    schemas refuse these first (packages/contract/src/common.ts, http/filters.ts); this net finds
 *    the field from the value the database quotes, and never sends SQL text to the client.
 */

/** Routes whose body is judged event by event (a bad reader event is rejected with its index, not the batch). */
const NUL_EXEMPT_ROUTES: ReadonlySet<string> = new Set(['/api/readers/stream/']);

const MAX_DEPTH = 32;
/** Longest value of a query parameter: filters, search text and ordering are short. */
export const QUERY_VALUE_MAX = 2_000;

/** The path (`a.b.0.c`) of the first string or key holding a NUL, or null. */
export const findNul = (value: unknown, path = '', depth = 0): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${index}` : String(index), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const clean = key.split('\u0000').join('');
    const keyPath = path ? `${path}.${clean}` : clean;
    if (key.includes('\u0000')) return keyPath || 'non_field_errors';
    const found = findNul(item, keyPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

/** The path of the first leaf of `value` whose text is `text` (the value a database error quotes). */
const findValue = (value: unknown, text: string, path = '', depth = 0): string | null => {
  if (value === null || value === undefined || depth > MAX_DEPTH) return null;
  if (typeof value !== 'object') {
    const own = String(value);
    return own === text || own.trim() === text || (typeof value === 'number' && Number(text) === value) ? path : null;
  }
  if (Buffer.isBuffer(value)) return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const found = findValue(item, text, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

type Coded = { code?: unknown; message?: unknown; cause?: unknown };

/** The SQLSTATE and message of a database error (Drizzle wraps the driver's error in `cause`). */
const sqlState = (error: unknown): { code: string; message: string } | null => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as Coded;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && /^(22|23)/.test(code)) {
      return { code, message: typeof message === 'string' ? message : '' };
    }
    current = cause;
  }
  return null;
};

/** What the caller is told for each SQLSTATE the net maps (never the database's own text). */
const dataErrorMessage = (code: string): MessageArg => {
  if (code === '22003') return 'db.out_of_range';
  if (code === '22021' || code === '22P05') return NUL_MESSAGE;
  if (code === '22007' || code === '22008') return 'db.date_range';
  if (code === '22P02') return 'db.invalid_value_for_field';
  if (code === '22001') return 'db.too_long';
  if (code === '23503') return 'db.missing_reference';
  if (code === '23505') return 'db.duplicate';
  if (code === '23502') return 'db.required';
  return 'db.invalid_value';
};

/** A database or multipart error that the request caused → the AppError the client gets; null otherwise. */
export const clientErrorOf = (error: unknown, request: FastifyRequest): AppError | null => {
  if (isMalformedMultipartError(error)) {
    return validationError({ non_field_errors: [MALFORMED_MULTIPART] });
  }
  const state = sqlState(error);
  if (!state) return null;
  const message = dataErrorMessage(state.code);
  // `value "4294967296" is out of range for type integer`, `invalid input syntax for type uuid: "x"`
  const quoted = /"((?:[^"\\]|\\.)*)"/.exec(state.message)?.[1];
  const sources: [string, unknown][] = [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ];
  let field: string | null = null;
  for (const [, source] of sources) {
    if (field) break;
    if (state.code === '22021') field = findNul(source);
    else if (quoted !== undefined) field = findValue(source, quoted);
  }
  const errors: FieldErrors = { [field || 'non_field_errors']: [message] };
  if (state.code === '23503' && state.message.startsWith('update or delete')) {
    return new AppError('CONFLICT', { message: 'db.in_use' });
  }
  const status = state.code === '23505' ? 'CONFLICT' : 'VALIDATION';
  return validationError(errors, status);
};

/** Installs the NUL check and the error mapping on `scope` (every route registered in it afterwards). */
export const installInputGuards = (scope: FastifyInstance): void => {
  // A callback hook (no promise's turn): the checks are synchronous.
  scope.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (NUL_EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return done();
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && v.length > QUERY_VALUE_MAX)) {
        return done(validationError({ [key]: [msg('common.value_too_long', { max: QUERY_VALUE_MAX })] }));
      }
    }
    for (const source of [request.params, request.query, request.body]) {
      const field = findNul(source);
      if (field !== null) {
        const name = field || 'non_field_errors';
        return done(validationError({ [name]: [NUL_MESSAGE] }));
      }
    }
    done();
  });
  const parent = scope.errorHandler;
  scope.setErrorHandler(function guardedErrorHandler(
    this: FastifyInstance,
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const mapped = error instanceof AppError ? null : clientErrorOf(error, request);
    if (mapped) request.log.warn({ err: error }, 'request refused by the database or the multipart parser');
    // A download that failed before its first byte had set text/csv (or a file type): the error is JSON.
    if (!reply.sent && !reply.raw.headersSent && !/json/.test(String(reply.getHeader('content-type') ?? 'json'))) {
      reply.removeHeader('content-type');
      reply.removeHeader('content-disposition');
    }
    return parent.call(this, mapped ?? error, request, reply);
  });
};
