import { ApiError, type ApiErrorBody, languageHeader } from '../../../lib/api-client';
import { fetchWaitingOutLoad } from '../../../lib/load-retry';
import { readSession } from '../../../lib/storage';

/** One EPCIS event as JSON-LD (the standard's shape; the page reads a few of its fields). */
export type EpcisEvent = Record<string, unknown>;
/** A page of a query: its events, and the token of the next page (the `Link: rel="next"` header), if any. */
export type EpcisPage = { events: EpcisEvent[]; next: string | null };

/** The page's filters; '' is none. Times are the browser's local date-times (datetime-local). */
export type EpcisFilters = {
  eventType: string;
  from: string;
  to: string;
  epc: string;
  bizStep: string;
  disposition: string;
  location: string;
};
export const EMPTY_FILTERS: EpcisFilters = {
  eventType: '',
  from: '',
  to: '',
  epc: '',
  bizStep: '',
  disposition: '',
  location: '',
};

/**
 * The filters as SimpleEventQuery parameters: MATCH_anyEPC (any role of the EPC), WD_bizLocation (the location and
 * what is within it; 13 digits are a GLN), times as instants.
 */
export const queryParameters = (filters: EpcisFilters): Record<string, string> => {
  const params: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value.trim()) params[name] = value.trim();
  };
  set('eventType', filters.eventType);
  if (filters.from) params.GE_eventTime = new Date(filters.from).toISOString();
  if (filters.to) params.LT_eventTime = new Date(filters.to).toISOString();
  set('MATCH_anyEPC', filters.epc);
  set('EQ_bizStep', filters.bizStep);
  set('EQ_disposition', filters.disposition);
  const location = filters.location.trim();
  set('WD_bizLocation', /^\d{13}$/.test(location) ? `https://id.gs1.org/414/${location}` : location);
  return params;
};

/** A GET of the EPCIS binding (/epcis, beside /api): the session's token, the UI's language, JSON-LD back. */
export const epcisGet = async (
  path: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ body: unknown; next: string | null }> => {
  const url = new URL(`/epcis${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const session = readSession();
  const response = await fetchWaitingOutLoad(url.toString(), {
    headers: {
      Accept: 'application/ld+json, application/json',
      ...languageHeader(),
      ...(session ? { Authorization: `Token ${session.token}` } : {}),
    },
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  // A problem+json answer: its `detail` (the product's `message` too) in the user's language.
  if (!response.ok) throw new ApiError(response.status, (body ?? {}) as ApiErrorBody);
  const link = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  const next = link ? new URL(link, window.location.origin).searchParams.get('nextPageToken') : null;
  return { body, next };
};

/** The events of a query answer (EPCISQueryDocument). */
export const eventsOf = (body: unknown): EpcisEvent[] => {
  const list = (body as { epcisBody?: { queryResults?: { resultsBody?: { eventList?: unknown } } } } | undefined)?.epcisBody
    ?.queryResults?.resultsBody?.eventList;
  return Array.isArray(list) ? (list as EpcisEvent[]) : [];
};
