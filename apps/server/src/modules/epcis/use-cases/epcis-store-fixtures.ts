import type { Box, Reception } from '@rfid/contract';
import { conflict } from '../../../http/errors.js';
import { recordingRepo } from '../../../test/recording-repo.js';
import { BARCODE_EXISTS } from '../../orders/orders.service.js';
import type { EventRow } from '../capture/capture.repository.js';
import type { CaptureRow, EpcisRepository } from '../epcis-store.repository.js';

type Json = Record<string, unknown>;

/** A capture job row of company 1. */
export const captureRow = (id: number, over: Partial<CaptureRow> = {}): CaptureRow => ({
  id,
  companyId: 1,
  userId: 1,
  state: 'succeeded',
  eventCount: 1,
  errors: [],
  createdAt: new Date('2026-11-30T10:00:00Z'),
  finishedAt: new Date('2026-11-30T10:00:01Z'),
  ...over,
});

/** An EPCISDocument of the events (the standard's @context). */
export const epcisDocument = (events: Json[]) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-11-30T10:00:00.000Z',
  epcisBody: { eventList: events },
});

/**
 * A dispatch advice: SSCC 384370000000000014 (urn:epc:id:sscc:8437000.3000000001) packing two items of GTIN
 * 08437000000013 and one of 08437000000020, naming purchase order `code`.
 */
export const asnEvent = (code: string, over: Json = {}): Json => ({
  type: 'AggregationEvent',
  eventTime: '2026-11-30T08:00:00.000Z',
  eventTimeZoneOffset: '+01:00',
  parentID: 'urn:epc:id:sscc:8437000.3000000001',
  childEPCs: [
    'urn:epc:id:sgtin:8437000.000001.901',
    'urn:epc:id:sgtin:8437000.000001.902',
    'urn:epc:id:sgtin:8437000.000002.903',
  ],
  action: 'ADD',
  bizStep: 'packing',
  bizTransactionList: [{ type: 'desadv', bizTransaction: `urn:epcglobal:cbv:bt:8412345000005:${code}` }],
  ...over,
});

/**
 * An in-memory EPCIS repository of company 1: purchase order PO-1 (id 50, no reception yet) and PO-2 (id 51, reception
 * 71); stored events and capture jobs kept in `state`. Every call is recorded; `over` replaces any method.
 */
export const fakeEpcisRepo = (over: Partial<EpcisRepository> = {}) => {
  const state = {
    stored: [] as EventRow[],
    finished: [] as { id: number; state: string; eventCount: number; errors: unknown[] }[],
    boxes: new Set<string>(),
  };
  const orders: Record<string, { id: number; location_id: number | null; reception_id: number | null }> = {
    'PO-1': { id: 50, location_id: 2, reception_id: null },
    'PO-2': { id: 51, location_id: 2, reception_id: 71 },
  };
  const base: EpcisRepository = {
    locationsByGln: async () => [],
    storeEvents: async (rows) => {
      state.stored.push(...rows);
      return new Set(rows.map((r) => r.eventId));
    },
    finishCapture: async (id, outcome) => {
      state.finished.push({ id, ...outcome });
    },
    eventById: async () => undefined,
    vocabulary: async () => [],
    insertCapture: async ({ companyId, userId }) => captureRow(9, { companyId, userId, state: 'running', finishedAt: null }),
    capture: async (companyId, id) => (companyId === 1 && id === 9 ? captureRow(9) : undefined),
    captures: async () => [],
    purchaseOrderByCode: async (companyId, code) => (companyId === 1 ? orders[code] : undefined),
    // Only the reception's id is read by the capture.
    createReception: async () => ({ id: 70 }) as Reception,
    createBox: async (_user, body) => {
      if (state.boxes.has(body.codebar)) throw conflict(BARCODE_EXISTS);
      state.boxes.add(body.codebar);
      // Only whether the box was created is read by the capture.
      return { id: 80 } as Box;
    },
    ...over,
  };
  const { repo, called } = recordingRepo<EpcisRepository>(base);
  return { repo, state, called };
};
