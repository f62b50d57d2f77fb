import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppErrorCode, type FieldErrors } from '../../http/errors.js';
import { type MessageArg, msg } from '../../i18n/messages.js';
import { QueryParameterError } from './epcis.query.js';

/**
 * The errors of the EPCIS binding (openapi.yaml): `application/problem+json` (RFC 7807) whose `type` is one of the
 * standard's exceptions. Every error answer under /epcis goes through `installEpcisProblems`: AppErrors of any module
 * (their code gives the exception), Zod validation errors, Fastify's own 4xx, the scope's 404, 406 and 415.
 */
export type EpcisExceptionType =
  | 'QueryParameterException'
  | 'QueryValidationException'
  | 'ValidationException'
  | 'NoSuchResourceException'
  | 'SecurityException'
  | 'QueryTooLargeException'
  | 'ImplementationException'
  | 'NotAcceptableException'
  | 'UnsupportedMediaTypeException'
  | 'ResourceAlreadyExistsException'
  | 'SubscriptionControlsException'
  | 'CapturePayloadTooLargeException';

/** An AppError that names its EPCIS exception (and may have a status AppError's codes have not: 406, 413, 415). */
export class EpcisError extends AppError {
  constructor(
    readonly epcisType: EpcisExceptionType,
    code: AppErrorCode,
    message: MessageArg,
    { status, errors }: { status?: number; errors?: FieldErrors } = {},
  ) {
    super(code, { message, ...(errors ? { errors } : {}) });
    this.fixedStatus = status;
  }
  private readonly fixedStatus: number | undefined;
  override get status(): number {
    return this.fixedStatus ?? super.status;
  }
}

export const queryParameterError = (e: QueryParameterError): EpcisError =>
  new EpcisError(
    'QueryParameterException',
    'VALIDATION',
    msg('epcis.query_parameter', { parameter: e.parameter, problem: e.problem }),
    {
      errors: { [e.parameter]: [msg('common.text', { text: e.problem })] },
    },
  );
export const queryTooLarge = (max: number): EpcisError =>
  new EpcisError('QueryTooLargeException', 'VALIDATION', msg('epcis.query_too_large', { max }), { status: 413 });

/** Runs `parse` (a query's reading); its QueryParameterError as the EPCIS exception. */
export const readingQuery = <T>(parse: () => T): T => {
  try {
    return parse();
  } catch (error) {
    if (error instanceof QueryParameterError) throw queryParameterError(error);
    throw error;
  }
};

const TITLES: Record<EpcisExceptionType, string> = {
  QueryParameterException: 'Invalid query parameter',
  QueryValidationException: 'Invalid query',
  ValidationException: 'Invalid request',
  NoSuchResourceException: 'Resource not found',
  SecurityException: 'Not allowed',
  QueryTooLargeException: 'Query result too large',
  ImplementationException: 'Implementation error',
  NotAcceptableException: 'Conflicting request and response headers',
  UnsupportedMediaTypeException: 'Unsupported media type',
  ResourceAlreadyExistsException: 'Resource already exists',
  SubscriptionControlsException: 'Subscription error',
  CapturePayloadTooLargeException: 'Capture payload too large',
};

/** The exception of an error answer that did not name one: by its status (and, for a 400, the kind of request). */
const typeOfStatus = (status: number, request: FastifyRequest): EpcisExceptionType => {
  if (status === 400) return request.method === 'GET' ? 'QueryParameterException' : 'ValidationException';
  if (status === 401 || status === 403) return 'SecurityException';
  if (status === 404) return 'NoSuchResourceException';
  if (status === 406) return 'NotAcceptableException';
  if (status === 409) return 'ResourceAlreadyExistsException';
  if (status === 413) return request.method === 'GET' ? 'QueryTooLargeException' : 'CapturePayloadTooLargeException';
  if (status === 415) return 'UnsupportedMediaTypeException';
  if (status >= 500) return 'ImplementationException';
  return 'ValidationException';
};

const JSON_TYPES = ['application/json', 'application/ld+json', 'application/problem+json'];
/** Whether an Accept header allows one of the JSON types this binding answers (absent: anything). */
export const acceptsJson = (accept: string | undefined): boolean => {
  if (!accept?.trim()) return true;
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) return false;
    const type = range.trim();
    return type === '*/*' || type === 'application/*' || JSON_TYPES.includes(type);
  });
};
/** The binding's versions this server speaks (GS1-EPCIS-Version, -Min, -Max): 2.0.x. */
const SUPPORTED_VERSION = /^2\.0(\.\d+)?$/;

/**
 * Installs the binding's error answers on the /epcis scope: the exception an error names, problem+json bodies, a
 * JSON 404 for unknown paths, 406 (Accept, GS1-EPCIS-Version) and 415 (a body that is not JSON).
 */
export const installEpcisProblems = (app: FastifyInstance): void => {
  const named = new WeakMap<FastifyRequest, EpcisExceptionType>();
  const parent = app.errorHandler;
  app.setErrorHandler(function epcisErrorHandler(this: FastifyInstance, error, request, reply) {
    if (error instanceof EpcisError) named.set(request, error.epcisType);
    return parent.call(this, error, request, reply);
  });

  app.addHook('onRequest', async (request) => {
    const version = request.headers['gs1-epcis-version'];
    if (typeof version === 'string' && !SUPPORTED_VERSION.test(version.trim())) {
      throw new EpcisError('NotAcceptableException', 'VALIDATION', msg('epcis.version_not_supported', { version }), {
        status: 406,
      });
    }
    if (!acceptsJson(request.headers.accept)) {
      throw new EpcisError('NotAcceptableException', 'VALIDATION', 'epcis.not_acceptable', { status: 406 });
    }
  });
  app.addHook('preParsing', async (request) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!['application/json', 'application/ld+json'].includes(type)) {
      throw new EpcisError('UnsupportedMediaTypeException', 'VALIDATION', 'epcis.unsupported_media_type', { status: 415 });
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(payload);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return payload;
      body = parsed as Record<string, unknown>;
    } catch {
      return payload;
    }
    if (typeof body.type === 'string' && String(body.type).startsWith('epcisException:')) return payload;
    const type = named.get(request) ?? typeOfStatus(reply.statusCode, request);
    reply.header('content-type', 'application/problem+json; charset=utf-8');
    // RFC 7807's members first; the product's own (message, code, errors, codes) stay as extension members.
    return JSON.stringify({
      type: `epcisException:${type}`,
      title: TITLES[type],
      status: reply.statusCode,
      ...(typeof body.message === 'string' ? { detail: body.message } : {}),
      instance: request.url.split('?')[0],
      ...body,
    });
  });

  app.setNotFoundHandler(async () => {
    throw new EpcisError('NoSuchResourceException', 'NOT_FOUND', 'common.not_found');
  });
};
