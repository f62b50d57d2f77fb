// Request and response shapes of the ingest module (Zod); the server validates with them, the web types its calls with them.
import { z } from 'zod';
import { hasNoNul, isoDateTime, NUL_REFUSED } from './common.js';
import type { ValueOf } from './const-enum.js';

/** Largest reading set accepted in one body (EPCs, or reads when sent as reads). */
export const MAX_SET_EPCS = 10_000;

/** A read's antenna port as stored (traces.antenna is a smallint; ports start at 0 or 1). */
export const READ_ANTENNA_MAX = 32_767;
/** A read's RSSI in dBm: what a UHF reader can report (−150 to +30 dBm); anything else is a broken event. */
export const READ_RSSI_MIN_DBM = -150;
export const READ_RSSI_MAX_DBM = 30;

/** An EPC as readers send it: hex, 4 to 128 digits (SGTIN-96 is 24, SGTIN-198 is 52). */
/** An EPC as readers send it: hexadecimal (made upper case), or a GS1 EPC URI (urn:epc:id:… / urn:epc:tag:…, turned into hex by the server). */
export const EPC_URI_PATTERN = /^urn:epc:(id|tag):[A-Za-z0-9-]+:[!-~]+$/;
export const epcHexSchema = z
  .string()
  .trim()
  .refine(
    (epc) => /^[0-9A-Fa-f]{4,128}$/.test(epc) || EPC_URI_PATTERN.test(epc),
    'An EPC is 4 to 128 hexadecimal digits or an EPC URI (urn:epc:…).',
  )
  .transform((epc) => (EPC_URI_PATTERN.test(epc) ? epc : epc.toUpperCase()));

export const readSchema = z.object({
  epc: epcHexSchema,
  /** When the tag was read; defaults to the set's end_time. */
  time: isoDateTime().optional(),
  antenna: z.number().int().min(0).max(READ_ANTENNA_MAX).nullable().optional(),
  /** dBm (may be negative, e.g. -54). */
  rssi: z.number().min(READ_RSSI_MIN_DBM).max(READ_RSSI_MAX_DBM).nullable().optional(),
});
export type Read = z.infer<typeof readSchema>;

/** A set's read window as a client sends it: two ISO 8601 date-times. */
const readWindowBodyFields = {
  start_time: isoDateTime('start_time must be an ISO 8601 date-time.'),
  end_time: isoDateTime('end_time must be an ISO 8601 date-time.'),
};

/** Whether a set's read window does not end before it starts. */
const isReadWindowInOrder = (set: { start_time: string; end_time: string }) =>
  Date.parse(set.start_time) <= Date.parse(set.end_time);
/** The refusal when it does: a new object each time, as Zod's refine rewrites the one it is given. */
const readWindowRefused = () => ({ path: ['end_time'], message: 'end_time is before start_time.' });

/** The EPCs of a handheld's set: hexadecimal, as a keyboard wedge types them (made upper case). */
const wedgeEpcsSchema = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{4,128}$/, 'An EPC is 4 to 128 hexadecimal digits.')
      .transform((epc) => epc.toUpperCase()),
  )
  .max(MAX_SET_EPCS, `A reading set has at most ${MAX_SET_EPCS} EPCs.`);

/**
 * A reading set (docs/design.md §6): the reader's own UUID (sent twice, stored once), the
 * device (serial number or MAC), the read window, an optional box barcode and either plain
 * `epcs` or detailed `reads`. Sent to POST /api/readingsets/ with `Authorization: Device <key>`
 * or published on MQTT `readers/<mac>/reads`.
 */
export const readingSetBodySchema = z
  .object({
    id: z.uuid('id must be a UUID.'),
    /** Serial number or MAC; optional (the device key names the reader), and when given it must be the key's reader. */
    device: z.string().trim().min(1).max(64).refine(hasNoNul, NUL_REFUSED).optional(),
    ...readWindowBodyFields,
    codebar: z.string().trim().max(128).refine(hasNoNul, NUL_REFUSED).nullable().optional(),
    epcs: z.array(epcHexSchema).max(MAX_SET_EPCS, `A reading set has at most ${MAX_SET_EPCS} EPCs.`).optional(),
    reads: z.array(readSchema).max(MAX_SET_EPCS, `A reading set has at most ${MAX_SET_EPCS} reads.`).optional(),
  })
  .superRefine((set, ctx) => {
    if (!set.epcs && !set.reads) {
      ctx.addIssue({ code: 'custom', path: ['epcs'], message: 'Send epcs or reads.' });
    }
    if (set.epcs && set.reads) {
      ctx.addIssue({ code: 'custom', path: ['reads'], message: 'Send epcs or reads, not both.' });
    }
    if (!isReadWindowInOrder(set)) ctx.addIssue({ code: 'custom', ...readWindowRefused() });
  });
export type ReadingSetBody = z.input<typeof readingSetBodySchema>;
export type ReadingSetInput = z.output<typeof readingSetBodySchema>;

/** When a reading set's reads began and ended. */
export const readWindowFields = { start_time: z.string(), end_time: z.string() };
/** What a reading set read: its reads and its distinct EPCs. */
export const readCountFields = { read_count: z.number(), epc_count: z.number() };

/** The stored set as ingestion answers it (201 first time, 200 when the same id was already stored). */
export const ingestedSetSchema = z.object({
  id: z.string(),
  device: z.number().nullable(),
  location: z.number().nullable(),
  area: z.number().nullable(),
  working_mode: z.number().nullable(),
  codebar: z.string().nullable(),
  ...readWindowFields,
  ...readCountFields,
  /** Module that gave the set a meaning (verification, pos …); null for a free reading set. */
  claimed_by: z.string().nullable(),
  /** false when the set had already been stored (idempotent resend). */
  created: z.boolean(),
});
export type IngestedSetDto = z.infer<typeof ingestedSetSchema>;

/** Zebra IoT Connector tag data event. */
export const zebraTagEventSchema = z.object({
  timestamp: z.string(),
  type: z.string().optional(),
  data: z.looseObject({
    idHex: z.string(),
    antenna: z.number().int().nullable().optional(),
    peakRssi: z.number().nullable().optional(),
    eventNum: z.number().int().nullable().optional(),
  }),
});
export type ZebraTagEvent = z.infer<typeof zebraTagEventSchema>;

/** Impinj IoT Device Interface tagInventory event (peak RSSI in centi-dBm). */
export const impinjTagInventoryEventSchema = z.object({
  timestamp: z.string(),
  hostname: z.string().optional(),
  eventType: z.string().optional(),
  tagInventoryEvent: z.looseObject({
    /** Base64, what an Impinj reader sends in its default configuration. */
    epc: z.string().optional(),
    /** Hexadecimal, when the reader is configured to include it. */
    epcHex: z.string().optional(),
    antennaPort: z.number().int().nullable().optional(),
    peakRssiCdbm: z.number().nullable().optional(),
    /** When the tag was last seen in this report (preferred to the event's timestamp when present). */
    lastSeenTime: z.string().optional(),
  }),
});
export type ImpinjTagInventoryEvent = z.infer<typeof impinjTagInventoryEventSchema>;

export const streamEventSchema = z.union([zebraTagEventSchema, impinjTagInventoryEventSchema]);
/** POST /api/readers/stream/: one event or an array of them (at most 10,000). */
export const streamBodySchema = z.union([streamEventSchema, z.array(streamEventSchema).max(MAX_SET_EPCS)]);
export type StreamBody = z.infer<typeof streamBodySchema>;

/** Stream reads are committed (staged) before the answer; they become sets after the idle gap. */
export const streamAcceptedSchema = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  /** Events of the batch that could not be used (the others were stored): their position and why. */
  rejected: z.array(z.object({ index: z.number(), reason: z.string() })),
});

/** GET /api/readers/status/ (device key): what the server holds for this reader. */
export const readerIngestStatusSchema = z.object({
  device: z.string(),
  working_mode: z.number(),
  /** Stream reads committed but not yet grouped into a set (the idle gap has not passed). */
  staged_reads: z.number(),
  stored_sets: z.number(),
  stored_reads: z.number(),
});
export type ReaderIngestStatus = z.infer<typeof readerIngestStatusSchema>;

/**
 * How a reader's reads reach the server (devices.connection_type): 'push', the reader posts them (HTTP) or publishes
 * them (MQTT); 'llrp', the server connects to the reader's LLRP port (5084) and runs a ROSpec.
 */
export const ReaderConnection = { Push: 'push', Llrp: 'llrp' } as const;
export type ReaderConnection = ValueOf<typeof ReaderConnection>;

/** The state of the server's LLRP connection to a reader (reader_links.state). */
export const ReaderLinkState = { Connecting: 'CONNECTING', Connected: 'CONNECTED', Retrying: 'RETRYING' } as const;
export type ReaderLinkState = ValueOf<typeof ReaderLinkState>;

/**
 * POST /api/locations/{id}/handheld_sets/ (issue 32, the store's handheld app; a user's session, roles 1 to 3): the
 * EPCs a handheld's keyboard wedge typed into the app while counting `area`, as one reading set of the area's handheld
 * reader. `id` is the app's own UUID, made when the set was queued: a resend is stored once (200, `created: false`).
 */
export const handheldSetBodySchema = z
  .object({
    id: z.uuid('id must be a UUID.'),
    area: z.number().int().positive(),
    ...readWindowBodyFields,
    epcs: wedgeEpcsSchema.min(1),
  })
  .refine(isReadWindowInOrder, readWindowRefused());
export type HandheldSetBody = z.input<typeof handheldSetBodySchema>;
export type HandheldSetInput = z.output<typeof handheldSetBodySchema>;

/**
 * POST /api/locations/{id}/handheld_receipts/ (issue 32, the store's handheld app; a user's session, roles 1 to 3): a
 * box received at the store, its barcode (`codebar`, as the readers' own sets carry it) and the EPCs the handheld's
 * keyboard wedge typed while reading it (none when the box was only scanned), as one reading set of the store's
 * receiving reader. `id` is the app's own UUID, made when the receipt was queued: a resend is stored once (200,
 * `created: false`).
 */
export const handheldReceiptBodySchema = z
  .object({
    id: z.uuid('id must be a UUID.'),
    codebar: z.string().trim().min(1, 'Enter the box barcode.').max(128).refine(hasNoNul, NUL_REFUSED),
    ...readWindowBodyFields,
    epcs: wedgeEpcsSchema,
  })
  .refine(isReadWindowInOrder, readWindowRefused());
export type HandheldReceiptBody = z.input<typeof handheldReceiptBodySchema>;
export type HandheldReceiptInput = z.output<typeof handheldReceiptBodySchema>;
