import { epcisKeys } from '../keys';
import { type EpcisFilters, type EpcisPage, epcisGet, eventsOf, queryParameters } from './epcis-request';

/** Events per page of the EPCIS page. */
export const EPCIS_PAGE_SIZE = 25;

/** GET /epcis/events (SimpleEventQuery parameters, perPage, nextPageToken): one page of the events the user sees. */
export const getEpcisEvents = async (filters: EpcisFilters, token: string | null, signal?: AbortSignal): Promise<EpcisPage> => {
  const { body, next } = await epcisGet(
    '/events',
    { ...queryParameters(filters), perPage: String(EPCIS_PAGE_SIZE), ...(token ? { nextPageToken: token } : {}) },
    signal,
  );
  return { events: eventsOf(body), next };
};

export const epcisEventsQuery = (filters: EpcisFilters, token: string | null) => ({
  queryKey: epcisKeys.events(filters, token),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getEpcisEvents(filters, token, signal),
});
