/** The subset of `fetch` the simulator needs, so a test can hand it another one. */
export type FetchLike = (
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  text: () => Promise<string>;
}>;

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} ${path} answered ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
  }
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * A signed-in user of the REST API (`Authorization: Token <token>` from POST /api/authtoken/),
 * as the web app would call it.
 */
export type ApiClient = {
  get: <T>(path: string, query?: Record<string, string | number>) => Promise<T>;
  post: <T>(path: string, body: unknown) => Promise<T>;
  put: <T>(path: string, body: unknown) => Promise<T>;
  /** Answers the status and body without throwing (to look at 4xx answers). */
  raw: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
};

const parse = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const signIn = async ({
  server,
  user,
  password,
  fetchImpl = fetch,
}: {
  server: string;
  user: string;
  password: string;
  fetchImpl?: FetchLike;
}): Promise<ApiClient> => {
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Token ${token}`;
    const response = await fetchImpl(new URL(path, server), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: parse(await response.text()) };
  };
  const login = await call('POST', '/api/authtoken/', { username: user, password });
  if (login.status !== 200) throw new ApiError('POST', '/api/authtoken/', login.status, login.body);
  const token = (login.body as { token: string }).token;
  const checked = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await call(method, path, body, token);
    if (r.status >= 400) throw new ApiError(method, path, r.status, r.body);
    return r.body as T;
  };
  return {
    get: (path, query) => {
      const qs = query
        ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
        : '';
      return checked('GET', `${path}${qs}`);
    },
    post: (path, body) => checked('POST', path, body),
    put: (path, body) => checked('PUT', path, body),
    raw: (method, path, body) => call(method, path, body, token),
  };
};
