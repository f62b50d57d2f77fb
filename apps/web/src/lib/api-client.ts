import type { Page } from '@rfid/contract';
import { takeEarlyResponse } from './early-data';
import i18n from './i18n';
import { fetchWaitingOutLoad } from './load-retry';
import { notify } from './notifier';
import { clearStorage, readSession } from './storage';

/**
 * An error answer (README "API conventions"): the server writes `message` and `errors` in the language the request
 * asked for (Accept-Language); `code` and `codes` are the stable keys of those messages.
 */
export type ApiErrorBody = {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  codes?: Record<string, string[]>;
  params?: Record<string, string | number>;
  /** A refused edit of a changed record (409): the record's version now (docs/concurrency.md). */
  current_version?: number;
};

/** The UI's language, sent as `Accept-Language` on every API call so that the server answers in it. */
export const languageHeader = (): { 'Accept-Language': string } => ({
  'Accept-Language': i18n.resolvedLanguage ?? i18n.language ?? 'es',
});

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
  /** The first message of the first field, as the login and sync errors show it. */
  get firstFieldMessage(): string {
    const first = this.body.errors ? Object.values(this.body.errors)[0]?.[0] : undefined;
    return first ?? this.message;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Milliseconds; the spec's default is 10 s. */
  timeoutMs?: number;
  /** Leave error display to the caller (forms that list errors themselves). */
  silent?: boolean;
  auth?: boolean;
  /** Cancels the request (TanStack Query passes one to every query function); an abort is not reported as an error. */
  signal?: AbortSignal;
  /**
   * The version of the record an edit was made from, sent as `If-Match: "<version>"`: the server refuses the edit (409,
   * `isStaleEdit`) when someone else changed the record since (docs/concurrency.md).
   */
  ifMatch?: number;
  /** More request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
};

export const buildUrl = (path: string, query?: RequestOptions['query']): string => {
  const url = new URL(path.startsWith('http') ? path : `/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
};

/**
 * Every call goes through here: token header, JSON, timeout, and the spec's error handling
 * (server message in the notifier, connection error text when there is no answer).
 */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, query, timeoutMs = 10_000, silent = false, auth = true, signal, ifMatch } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...languageHeader(), ...options.headers };
  if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
  const session = readSession();
  if (auth && session) headers.Authorization = `Token ${session.token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const url = buildUrl(path, query);
  // The first screen's data boot.ts asked for as the page opened (same address, token and language): taken, not asked again.
  const early =
    method === 'GET' && body === undefined
      ? takeEarlyResponse(url, auth ? session?.token : undefined, languageHeader()['Accept-Language'])
      : null;
  let response: Response;
  try {
    // A GET the server refused for load (503, Retry-After) is asked again after that wait (lib/load-retry.ts).
    response = await (early ??
      fetchWaitingOutLoad(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      }));
  } catch (error) {
    // Said once its text is in: a call that fails before the translations arrived must not show a key.
    if (!silent && !signal?.aborted) {
      void i18n.loadNamespaces('common').then(() => notify(i18n.t('common:errors.connection'), 'error'));
    }
    throw error;
  }
  if (response.status === 401 && auth && session) {
    clearStorage();
    window.location.assign('/login');
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = new ApiError(response.status, (data ?? {}) as ApiErrorBody);
    if (!silent) notify(error.message, 'error');
    throw error;
  }
  return data as T;
};

/** A refused edit of a record someone else changed since it was loaded (409 with the record's version now). */
export const isStaleEdit = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && typeof error.body.current_version === 'number';

/** The window of a paged list: rows from `offset`, `limit` of them (what the paged table asks for). */
export type PageWindow = { limit: number; offset: number; signal?: AbortSignal };

/** GET one page of a list: the query's filters and order first, then the window's limit and offset. */
export const getPage = <T>(path: string, page: PageWindow, options: Omit<RequestOptions, 'signal'> = {}): Promise<Page<T>> =>
  apiRequest<Page<T>>(path, {
    ...options,
    query: { ...options.query, limit: page.limit, offset: page.offset },
    signal: page.signal,
  });
