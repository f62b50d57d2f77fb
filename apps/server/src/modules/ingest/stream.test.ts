import { describe, expect, it } from 'vitest';
import { groupByIdleGap, parseReaderPayload } from './stream.js';

const at = (ms: number, epc = 'AAAA') => ({ epc, time: new Date(Date.UTC(2026, 10, 20, 12) + ms) });

describe('groupByIdleGap', () => {
  it('starts a new set when the reader was silent longer than the gap', () => {
    const reads = [at(0), at(500), at(2_400), at(4_500), at(4_600), at(9_000)];
    const groups = groupByIdleGap(reads, { gapMs: 2_000, maxEpcs: 10 });
    expect(groups.map((g) => g.length)).toEqual([3, 2, 1]);
  });

  it('keeps a gap of exactly the idle gap in the same set', () => {
    expect(groupByIdleGap([at(0), at(2_000)], { gapMs: 2_000, maxEpcs: 10 })).toHaveLength(1);
    expect(groupByIdleGap([at(0), at(2_001)], { gapMs: 2_000, maxEpcs: 10 })).toHaveLength(2);
  });

  it('splits at maxEpcs distinct EPCs but keeps repeats of a read EPC in the set', () => {
    const reads = [at(0, 'A'), at(1, 'B'), at(2, 'A'), at(3, 'C'), at(4, 'C'), at(5, 'D')];
    const groups = groupByIdleGap(reads, { gapMs: 2_000, maxEpcs: 2 });
    expect(groups.map((g) => g.map((r) => r.epc).join(''))).toEqual(['ABA', 'CCD']);
  });

  it('answers no set for no reads', () => {
    expect(groupByIdleGap([], { gapMs: 2_000, maxEpcs: 10 })).toEqual([]);
  });
});

describe('parseReaderPayload', () => {
  it('reads Zebra IoT Connector tag data events, one or an array', () => {
    const one = parseReaderPayload({
      timestamp: '2019-03-05T21:34:56.817+0000',
      data: { idHex: 'e2801160600002054c1d7ab9', antenna: 2, peakRssi: -54.6, eventNum: 7, channel: 915.25 },
    });
    expect(one).toEqual({
      kind: 'reads',
      reads: [{ epc: 'E2801160600002054C1D7AB9', time: new Date('2019-03-05T21:34:56.817Z'), antenna: 2, rssi: -54.6 }],
      rejected: [],
    });
    const many = parseReaderPayload([
      { timestamp: '2019-03-05T21:34:56.817Z', data: { idHex: 'AAAA' } },
      { timestamp: '2019-03-05T21:34:57Z', data: { idHex: 'BBBB', antenna: 1 } },
    ]);
    expect(many.kind === 'reads' && many.reads.map((r) => r.epc)).toEqual(['AAAA', 'BBBB']);
  });

  it('reads Impinj tagInventory events (centi-dBm, nanoseconds) and skips other event types', () => {
    const parsed = parseReaderPayload([
      {
        timestamp: '2021-03-03T22:23:02.123456789Z',
        hostname: 'impinj-13-e2-1c',
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: '3074257BF7194E4000001A85', antennaPort: 1, peakRssiCdbm: -5437 },
      },
      { timestamp: '2021-03-03T22:23:03Z', eventType: 'inventoryStatus', inventoryStatusEvent: { status: 'running' } },
    ]);
    expect(parsed).toEqual({
      kind: 'reads',
      reads: [{ epc: '3074257BF7194E4000001A85', time: new Date('2021-03-03T22:23:02.123Z'), antenna: 1, rssi: -54.37 }],
      rejected: [],
    });
    // The reader's default configuration: epc in base64 (no epcHex), lastSeenTime preferred to the event's timestamp.
    const base64 = parseReaderPayload({
      timestamp: '2021-03-03T22:23:02.123456789Z',
      eventType: 'tagInventory',
      tagInventoryEvent: { epc: 'MHQle/cZTkAAABqF', antennaPort: 3, lastSeenTime: '2021-03-03T22:23:01.5Z' },
    });
    expect(base64).toEqual({
      kind: 'reads',
      reads: [{ epc: '3074257BF7194E4000001A85', time: new Date('2021-03-03T22:23:01.500Z'), antenna: 3, rssi: null }],
      rejected: [],
    });
  });

  it('recognises a reading set and reports what is wrong with a malformed one', () => {
    const set = {
      id: '6f1c2b7e-8a1d-4c3e-9f0a-1b2c3d4e5f60',
      device: 'TUN-MAD-01',
      start_time: '2026-11-20T10:00:00Z',
      end_time: '2026-11-20T10:00:01Z',
      epcs: ['aaaa'],
    };
    expect(parseReaderPayload(set)).toMatchObject({ kind: 'set', set: { epcs: ['AAAA'] } });
    expect(parseReaderPayload({ ...set, epcs: ['zz'] })).toEqual({
      kind: 'invalid',
      reason: 'epcs.0: An EPC is 4 to 128 hexadecimal digits or an EPC URI (urn:epc:…).',
    });
  });

  it('names events that are neither Zebra nor Impinj, bad timestamps and bad EPCs, keeping the good ones', () => {
    expect(parseReaderPayload({ hello: 'world' })).toEqual({
      kind: 'reads',
      reads: [],
      rejected: [{ index: 0, reason: 'not a Zebra or Impinj tag event.' }],
    });
    const batch = parseReaderPayload([
      { timestamp: 'never', data: { idHex: 'AAAA' } },
      { timestamp: '2021-03-03T22:23:03Z', data: { idHex: 'G000' } },
      { timestamp: '2021-03-03T22:23:03Z', eventType: 'tagInventory', tagInventoryEvent: { antennaPort: 1 } },
      { timestamp: '2021-03-03T22:23:03Z', data: { idHex: 'BBBB' } },
    ]);
    expect(batch.kind === 'reads' && batch.reads.map((r) => r.epc)).toEqual(['BBBB']);
    expect(batch.kind === 'reads' && batch.rejected.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(parseReaderPayload(Array.from({ length: 10_001 }, () => ({})))).toMatchObject({ kind: 'invalid' });
  });
});
