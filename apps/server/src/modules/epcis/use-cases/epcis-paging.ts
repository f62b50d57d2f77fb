import { fieldError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import { MAX_PER_PAGE, PER_PAGE } from './query-events.js';

/** A list's page size: `perPage` (1 … MAX_PER_PAGE), PER_PAGE when not given; 400 on perPage otherwise. */
export const perPageOf = (v: string | undefined): number => {
  if (!v) return PER_PAGE;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE)
    throw fieldError('perPage', msg('common.at_most', { max: MAX_PER_PAGE }));
  return n;
};

/** The opaque token of the page after a capture job (its id). */
export const captureToken = (id: number): string => Buffer.from(`e${id}`).toString('base64url');

/** The capture job id a token names; 400 on nextPageToken when it names none. */
export const captureTokenId = (token: string): number => {
  const m = /^e(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (!m) throw fieldError('nextPageToken', 'epcis.bad_page_token');
  return Number(m[1]);
};
