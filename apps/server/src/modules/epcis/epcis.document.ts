import { JSON_LD_CONTEXT } from './epcis.identity.js';

/** The headers of every EPCIS answer (the binding's versions and the EPC format). */
export const EPCIS_HEADERS = { 'GS1-EPCIS-Version': '2.0.0', 'GS1-CBV-Version': '2.0.0', 'GS1-EPC-Format': 'Always_EPC_URN' };

/** An EPCIS query answer: the events in an EPCISQueryDocument with the standard's @context. */
export const queryDocument = (events: Record<string, unknown>[], queryName = 'SimpleEventQuery') => ({
  '@context': [JSON_LD_CONTEXT],
  type: 'EPCISQueryDocument',
  schemaVersion: '2.0',
  creationDate: new Date().toISOString(),
  epcisBody: { queryResults: { queryName, resultsBody: { eventList: events } } },
});
