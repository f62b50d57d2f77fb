import type { NamedQueryRow, StoredEvent, SubscriptionRow } from '../epcis-queries.repository.js';

type Json = Record<string, unknown>;

/** An EPCIS ObjectEvent (OBSERVE, 29 November 2026 10:00 in UTC+1) of one SGTIN of serial `serial`, with `extra` on top. */
export const objectEvent = (serial: string, extra: Json = {}): Json => ({
  type: 'ObjectEvent',
  eventTime: '2026-11-29T10:00:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  epcList: [`urn:epc:id:sgtin:4012345.011111.${serial}`],
  action: 'OBSERVE',
  ...extra,
});

/** A stored event row for fake repositories. */
export const eventRow = (id: number, over: Partial<StoredEvent> = {}): StoredEvent => ({
  id,
  eventId: `urn:uuid:event-${id}`,
  companyId: 1,
  locationId: null,
  eventType: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: null,
  disposition: null,
  eventTime: new Date('2026-01-01T00:00:00Z'),
  recordTime: new Date('2026-01-01T00:00:00Z'),
  readPoint: null,
  bizLocation: null,
  epcs: [],
  captureId: null,
  document: { type: 'ObjectEvent', eventID: `urn:uuid:event-${id}` },
  ...over,
});

export const namedQueryRow = (over: Partial<NamedQueryRow> = {}): NamedQueryRow => ({
  id: 7,
  companyId: 1,
  name: 'pallets',
  query: { eventType: ['AggregationEvent'] },
  createdBy: 1,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

export const subscriptionRow = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 3,
  subscriptionId: 'b3c0e0de-0000-4000-8000-000000000003',
  companyId: 1,
  queryId: 7,
  dest: 'https://partner.example.com/epcis',
  stream: true,
  schedule: null,
  reportIfEmpty: false,
  initialRecordTime: new Date('2026-01-01T00:00:00Z'),
  minRecordTime: new Date('2026-01-01T00:00:00Z'),
  locationIds: null,
  nextRunAt: null,
  lastRunAt: null,
  lastNotifiedAt: null,
  createdBy: 1,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});
