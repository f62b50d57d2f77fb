import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWaitingOutLoad } from './load-retry';

/** A 503 as the server's load shedding writes it (apps/server/src/http/load-shedding.ts: Retry-After 2). */
const refused = (retryAfter: string | null = '1') =>
  new Response('{"message":"busy"}', { status: 503, headers: retryAfter === null ? {} : { 'Retry-After': retryAfter } });

const answers = (...responses: Array<() => Response>) => {
  const fetch = vi.fn(async () => (responses.shift() ?? (() => new Response('none left', { status: 500 })))());
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('fetchWaitingOutLoad', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks a refused GET again after the Retry-After the server named, and answers the next answer', async () => {
    vi.useFakeTimers();
    const fetch = answers(
      () => refused('1'),
      () => new Response('ok'),
    );
    const answer = fetchWaitingOutLoad('/api/x');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await (await answer).text()).toBe('ok');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives the refusal to the caller after two waits', async () => {
    vi.useFakeTimers();
    const fetch = answers(...Array.from({ length: 5 }, () => () => refused('1')));
    const answer = fetchWaitingOutLoad('/api/x');
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await answer).status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('returns at once a 503 without Retry-After or with a long one (the database away: 5), a 500, and a refused POST', async () => {
    const fetch = answers(
      () => refused(null),
      () => refused('5'),
      () => new Response('', { status: 500 }),
      () => refused('1'),
    );
    expect((await fetchWaitingOutLoad('/api/x')).status).toBe(503);
    expect((await fetchWaitingOutLoad('/api/x')).status).toBe(503);
    expect((await fetchWaitingOutLoad('/api/x')).status).toBe(500);
    expect((await fetchWaitingOutLoad('/api/x', { method: 'POST' })).status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('an abort during the wait ends it with the abort, and asks no more', async () => {
    const fetch = answers(
      () => refused('2'),
      () => new Response('ok'),
    );
    const abort = new AbortController();
    const answer = fetchWaitingOutLoad('/api/x', { signal: abort.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    abort.abort(new Error('closed'));
    await expect(answer).rejects.toThrow('closed');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
