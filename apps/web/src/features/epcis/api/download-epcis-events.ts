import { type EpcisEvent, type EpcisFilters, epcisGet, eventsOf, queryParameters } from './epcis-request';

/** At most this many events in one download (10 pages of the binding's largest). */
export const DOWNLOAD_LIMIT = 10_000;

/**
 * GET /epcis/events, every page of the query (up to DOWNLOAD_LIMIT events): the events as one EPCIS 2.0 query document
 * (JSON-LD), the file the download saves.
 */
export const downloadEpcisEvents = async (
  filters: EpcisFilters,
): Promise<{ document: object; count: number; isCut: boolean }> => {
  const events: EpcisEvent[] = [];
  let token: string | null = null;
  do {
    const page: { body: unknown; next: string | null } = await epcisGet('/events', {
      ...queryParameters(filters),
      perPage: '1000',
      ...(token ? { nextPageToken: token } : {}),
    });
    events.push(...eventsOf(page.body));
    token = page.next;
  } while (token && events.length < DOWNLOAD_LIMIT);
  const kept = events.slice(0, DOWNLOAD_LIMIT);
  return {
    document: {
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISQueryDocument',
      schemaVersion: '2.0',
      creationDate: new Date().toISOString(),
      epcisBody: { queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: kept } } },
    },
    count: kept.length,
    isCut: token !== null || events.length > DOWNLOAD_LIMIT,
  };
};
