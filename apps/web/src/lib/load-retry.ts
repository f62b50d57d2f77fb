/**
 * The server refuses a request it cannot answer soon with 503 and `Retry-After` (its load shedding,
 * apps/server/src/http/load-shedding.ts: the embedded database serves a few requests at once, the others wait half a
 * second for their turn). A GET refused so is asked again after the wait the server names, a few times, before the
 * caller sees the refusal: a busy moment costs the user a pause, not an error.
 */

/** How many times a refused GET is asked again. */
const LOAD_RETRIES = 2;
/**
 * The longest `Retry-After` waited out here: the load shedding's 2 s. A longer one (the database away: 5 s; its disk
 * full: 60 s) is the caller's to show at once, with the server's message, rather than after a silent wait.
 */
const MAX_WAIT_MS = 2_000;

/** `Retry-After` in milliseconds when `response` is a refusal for load, else undefined. */
const loadRefusalWaitMs = (response: Response): number | undefined => {
  if (response.status !== 503) return undefined;
  const seconds = Number(response.headers.get('Retry-After') ?? '');
  return Number.isFinite(seconds) && seconds > 0 && seconds * 1000 <= MAX_WAIT_MS ? seconds * 1000 : undefined;
};

const pause = (ms: number, signal: AbortSignal | null | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });

/**
 * `fetch`, with a GET refused for load asked again after its `Retry-After` (at most LOAD_RETRIES times; `init.signal`
 * still ends it, the waits included). Other methods and other answers are returned as they come.
 */
export const fetchWaitingOutLoad = async (url: string, init: RequestInit = {}): Promise<Response> => {
  const isGet = (init.method ?? 'GET').toUpperCase() === 'GET';
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, init);
    const waitMs = isGet && attempt < LOAD_RETRIES ? loadRefusalWaitMs(response) : undefined;
    if (waitMs === undefined) return response;
    await response.body?.cancel().catch(() => {});
    await pause(waitMs, init.signal);
  }
};
