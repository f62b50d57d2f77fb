import {
  EPC_URI_PATTERN,
  isDateInRange,
  MAX_SET_EPCS,
  READ_ANTENNA_MAX,
  READ_RSSI_MAX_DBM,
  READ_RSSI_MIN_DBM,
  readingSetBodySchema,
  streamEventSchema,
} from '@rfid/contract';
import { trimEpcPadding, uriToHex } from '@rfid/epc';
import type { z } from 'zod';
import type { SetRead } from './ingest.repository.js';

/** Pure parts of stream ingestion: reader event formats → reads, and the grouping into sets. */

export const DEFAULT_IDLE_GAP_MS = 2_000;

/** Fractions beyond milliseconds (Impinj sends nanoseconds) are cut; "+0000" offsets are fine. */
const parseTime = (value: string): Date | null => {
  const time = new Date(value.replace(/(\.\d{3})\d+/, '$1'));
  // 1970 to 9999 (the API's dates, issue 13): a reader clock in year 275760 is a broken event.
  return isDateInRange(time.getTime()) ? time : null;
};

/** Antenna and RSSI within what the traces store and a reader can report; the reason otherwise. */
const checkRead = (read: SetRead): SetRead | string => {
  if (
    read.antenna !== null &&
    read.antenna !== undefined &&
    !(Number.isInteger(read.antenna) && read.antenna >= 0 && read.antenna <= READ_ANTENNA_MAX)
  ) {
    return `antenna ${String(read.antenna).slice(0, 24)} is not a port from 0 to ${READ_ANTENNA_MAX}.`;
  }
  if (read.rssi !== null && read.rssi !== undefined && !(read.rssi >= READ_RSSI_MIN_DBM && read.rssi <= READ_RSSI_MAX_DBM)) {
    return `RSSI ${String(read.rssi).slice(0, 24)} dBm is outside ${READ_RSSI_MIN_DBM} to ${READ_RSSI_MAX_DBM} dBm.`;
  }
  return read;
};

export type RejectedEvent = { index: number; reason: string };

export type ParsedPayload =
  | { kind: 'set'; set: z.output<typeof readingSetBodySchema> }
  | { kind: 'reads'; reads: SetRead[]; rejected: RejectedEvent[] }
  | { kind: 'invalid'; reason: string };

/**
 * An EPC as a reader sent it → upper-case hex, or the reason it is not one. Hex as is; a GS1 EPC
 * URI (tag or pure identity, e.g. urn:epc:id:sgtin:8437012.000001.7) through the EPC codec.
 */
export const normalizeEpc = (raw: string): string | { reason: string } => {
  const value = raw.trim();
  // A longer EPC bank than the scheme's (zero words after it, as the PC's length made the reader report it): the EPC.
  if (/^[0-9A-Fa-f]{4,128}$/.test(value)) return trimEpcPadding(value.toUpperCase());
  if (EPC_URI_PATTERN.test(value)) {
    try {
      return uriToHex(value);
    } catch (error) {
      return { reason: `${value.slice(0, 80)} is not a valid EPC URI: ${(error as Error).message}` };
    }
  }
  return { reason: 'not an EPC in hexadecimal nor an EPC URI.' };
};

/** RSSI in dBm kept to 0.01 dBm (Impinj reports hundredths, `peakRssiCdbm`); null when absent or not a number. */
export const rssiDbm = (dbm: number | null | undefined): number | null =>
  dbm === null || dbm === undefined || !Number.isFinite(dbm) ? null : Math.round(dbm * 100) / 100;

/** Impinj's default `epc` is base64 of the EPC's bytes. */
const base64ToHex = (value: string): string | null => {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 === 1) return null;
  const hex = Buffer.from(trimmed, 'base64').toString('hex').toUpperCase();
  return hex.length >= 4 ? trimEpcPadding(hex) : null;
};

/** One Zebra or Impinj event → a read; the reason when it is not usable. */
export const eventToRead = (event: z.output<typeof streamEventSchema>): SetRead | string => {
  if ('data' in event) {
    const time = parseTime(event.timestamp);
    if (!time) return `Bad timestamp: ${event.timestamp.slice(0, 40)}`;
    const epc = normalizeEpc(event.data.idHex);
    if (typeof epc !== 'string') return `idHex is ${epc.reason}`;
    return { epc, time, antenna: event.data.antenna ?? null, rssi: rssiDbm(event.data.peakRssi) };
  }
  const tag = event.tagInventoryEvent;
  const stamp = tag.lastSeenTime ?? event.timestamp;
  const time = parseTime(stamp);
  if (!time) return `Bad timestamp: ${stamp.slice(0, 40)}`;
  let epc: string;
  if (tag.epcHex !== undefined) {
    const hex = normalizeEpc(tag.epcHex);
    if (typeof hex !== 'string') return `epcHex is ${hex.reason}`;
    epc = hex;
  } else if (tag.epc !== undefined) {
    const hex = base64ToHex(tag.epc);
    if (!hex) return 'epc is not an EPC in base64.';
    epc = hex;
  } else {
    return 'tagInventoryEvent has neither epc nor epcHex.';
  }
  const cdbm = tag.peakRssiCdbm;
  return {
    epc,
    time,
    antenna: tag.antennaPort ?? null,
    rssi: cdbm === null || cdbm === undefined ? null : rssiDbm(cdbm / 100),
  };
};

/**
 * Reads what a reader published: a reading set (has `id` and `epcs` or `reads`), or Zebra /
 * Impinj tag events, one or an array. Impinj inventory streams may also carry other event
 * types (antenna, diagnostic): those are ignored, not refused. An event that cannot be used is
 * reported in `rejected` (its index in the batch and why) and never sinks the others.
 */
export const parseReaderPayload = (payload: unknown): ParsedPayload => {
  if (payload && typeof payload === 'object' && !Array.isArray(payload) && 'id' in payload) {
    const parsed = readingSetBodySchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { kind: 'invalid', reason: `${issue?.path.join('.') || 'set'}: ${issue?.message ?? 'invalid'}` };
    }
    return { kind: 'set', set: parsed.data };
  }
  const events = Array.isArray(payload) ? payload : [payload];
  if (events.length > MAX_SET_EPCS) return { kind: 'invalid', reason: `At most ${MAX_SET_EPCS} events a message.` };
  const reads: SetRead[] = [];
  const rejected: RejectedEvent[] = [];
  for (const [index, raw] of events.entries()) {
    if (raw && typeof raw === 'object' && 'eventType' in raw && !('tagInventoryEvent' in raw)) continue;
    const parsed = streamEventSchema.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ index, reason: 'not a Zebra or Impinj tag event.' });
      continue;
    }
    const converted = eventToRead(parsed.data);
    const read = typeof converted === 'string' ? converted : checkRead(converted);
    if (typeof read === 'string') rejected.push({ index, reason: read });
    else reads.push(read);
  }
  return { kind: 'reads', reads, rejected };
};

/**
 * Splits time-ordered reads into sets: a new set starts when the reader was silent longer than
 * `gapMs`, or when the next new EPC would exceed `maxEpcs` distinct EPCs.
 */
export const groupByIdleGap = <T extends { epc: string; time: Date }>(
  reads: readonly T[],
  { gapMs, maxEpcs }: { gapMs: number; maxEpcs: number },
): T[][] => {
  const groups: T[][] = [];
  let current: T[] = [];
  let epcs = new Set<string>();
  let last = Number.NEGATIVE_INFINITY;
  for (const read of reads) {
    const at = read.time.getTime();
    const isNewEpc = !epcs.has(read.epc);
    if (current.length > 0 && (at - last > gapMs || (isNewEpc && epcs.size >= maxEpcs))) {
      groups.push(current);
      current = [];
      epcs = new Set();
    }
    current.push(read);
    epcs.add(read.epc);
    last = Math.max(last, at);
  }
  if (current.length > 0) groups.push(current);
  return groups;
};
