import { readingSetBodySchema, streamEventSchema } from '@rfid/contract';
import type { z } from 'zod';
import type { SetRead } from './ingest.repository.js';

/** Pure parts of stream ingestion: reader event formats → reads, and the grouping into sets. */

export const DEFAULT_IDLE_GAP_MS = 2_000;

/** Fractions beyond milliseconds (Impinj sends nanoseconds) are cut; "+0000" offsets are fine. */
const parseTime = (value: string): Date | null => {
  const time = new Date(value.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(time.getTime()) ? null : time;
};

export type ParsedPayload =
  | { kind: 'set'; set: z.output<typeof readingSetBodySchema> }
  | { kind: 'reads'; reads: SetRead[] }
  | { kind: 'invalid'; reason: string };

/** One Zebra or Impinj event → a read; null with the reason when it is not usable. */
export const eventToRead = (event: z.output<typeof streamEventSchema>): SetRead | string => {
  const time = parseTime(event.timestamp);
  if (!time) return `Bad timestamp: ${event.timestamp.slice(0, 40)}`;
  if ('data' in event) {
    const epc = event.data.idHex.trim().toUpperCase();
    if (!/^[0-9A-F]{4,128}$/.test(epc)) return 'idHex is not an EPC in hexadecimal.';
    const rssi = event.data.peakRssi;
    return {
      epc,
      time,
      antenna: event.data.antenna ?? null,
      rssi: rssi === null || rssi === undefined ? null : Math.round(rssi),
    };
  }
  const tag = event.tagInventoryEvent;
  const epc = tag.epcHex.trim().toUpperCase();
  if (!/^[0-9A-F]{4,128}$/.test(epc)) return 'epcHex is not an EPC in hexadecimal.';
  const cdbm = tag.peakRssiCdbm;
  return {
    epc,
    time,
    antenna: tag.antennaPort ?? null,
    rssi: cdbm === null || cdbm === undefined ? null : Math.round(cdbm / 100),
  };
};

/**
 * Reads what a reader published: a reading set (has `id` and `epcs` or `reads`), or Zebra /
 * Impinj tag events, one or an array. Impinj inventory streams may also carry other event
 * types (antenna, diagnostic): those are ignored, not refused.
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
  const reads: SetRead[] = [];
  for (const [index, raw] of events.entries()) {
    if (raw && typeof raw === 'object' && 'eventType' in raw && !('tagInventoryEvent' in raw)) continue;
    const parsed = streamEventSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'invalid', reason: `event ${index}: not a Zebra or Impinj tag event.` };
    const read = eventToRead(parsed.data);
    if (typeof read === 'string') return { kind: 'invalid', reason: `event ${index}: ${read}` };
    reads.push(read);
  }
  return { kind: 'reads', reads };
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
