import type { EarlyRequest } from '../boot';

/** How long an answer boot.ts asked for may be taken: the first screen's, not a later visit's. */
const EARLY_FOR_MS = 15_000;

/**
 * The answer boot.ts already asked for (a GET of this exact address, with this token and language, since the page
 * opened), taken once; null when there is none: the caller asks the server itself.
 */
export const takeEarlyResponse = (url: string, token: string | undefined, language: string): Promise<Response> | null => {
  const early = (window as unknown as { __rfidEarly?: Record<string, EarlyRequest> }).__rfidEarly;
  const request = early?.[url];
  if (!early || !request) return null;
  delete early[url];
  if (request.token !== token || request.language !== language || performance.now() - request.at > EARLY_FOR_MS) return null;
  return request.response;
};
