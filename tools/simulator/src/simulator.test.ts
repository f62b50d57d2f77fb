import { decodeEpc } from '@rfid/epc';
import { describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoDevices, demoDeviceKey as seedDeviceKey } from '../../../apps/server/src/db/seed/demo-data.js';
import { parseReaderPayload } from '../../../apps/server/src/modules/ingest/stream.js';
import type { FetchLike } from './api.js';
import { demoDeviceKey, demoGtins, demoReaders } from './demo.js';
import { createTagFactory, readsOf, seededRandom } from './epcs.js';
import { toImpinjEvents, toSetBody, toZebraEvents } from './formats.js';
import { httpTransport } from './transport.js';

describe('reader simulator', () => {
  it('knows the seed GTINs and readers without a login', () => {
    expect(demoGtins()).toEqual(buildDemoItemTypes().map((i) => i.gtin));
    expect(demoReaders.map((r) => [r.serial, r.mac])).toEqual(demoDevices.map((d) => [d.serialNumber, d.macAddress]));
    for (const r of demoReaders) expect(demoDeviceKey(r.serial)).toBe(seedDeviceKey(r.serial));
  });

  it('makes SGTIN-96 tags of the demo GTINs with fresh serials', () => {
    const random = seededRandom(7);
    const tags = createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase: 100_000_000_000 });
    const epcs = tags.tags(50, random, 3);
    expect(new Set(epcs).size).toBe(50);
    const decoded = epcs.map((epc) => decodeEpc(epc));
    expect(new Set(decoded.map((d) => d.gtin)).size).toBeLessThanOrEqual(3);
    for (const d of decoded) {
      expect(d).toMatchObject({ scheme: 'sgtin-96', filter: 1, companyPrefix: '8437012' });
      expect(demoGtins()).toContain(d.gtin);
    }
    expect(decoded[0]?.serial).toBe('100000000001');
  });

  it('speaks the formats the server reads: sets, Zebra and Impinj events', () => {
    const random = seededRandom(1);
    const epcs = createTagFactory({ gtins: demoGtins(10), companyPrefixLength: 7, serialBase: 1 }).tags(5, random);
    const reads = readsOf({
      epcs,
      start: new Date('2026-11-20T10:00:00Z'),
      durationMs: 3_000,
      antennas: 4,
      maxReadsPerTag: 3,
      random,
    });
    const set = parseReaderPayload(toSetBody({ device: 'TUN-MAD-01', reads }));
    expect(set.kind).toBe('set');
    if (set.kind === 'set') expect(set.set.reads).toHaveLength(reads.length);
    const plain = parseReaderPayload(toSetBody({ device: 'TUN-MAD-01', reads, isDetailed: false, codebar: 'BOX-1' }));
    expect(plain).toMatchObject({ kind: 'set', set: { epcs: expect.any(Array), codebar: 'BOX-1' } });
    for (const events of [
      toZebraEvents(reads),
      toImpinjEvents(reads, 'impinj-test'),
      toImpinjEvents(reads, 'impinj-test', { withEpcHex: true }),
    ]) {
      const parsed = parseReaderPayload(events);
      expect(parsed).toEqual({ kind: 'reads', reads: reads.map((r) => ({ ...r })), rejected: [] });
    }
    // The Impinj default configuration carries no epcHex.
    expect(toImpinjEvents(reads, 'impinj-test')[0]?.tagInventoryEvent).not.toHaveProperty('epcHex');
  });

  it('signs in as the reader consoles do: HTTP Basic with the serial and the key, or the Device header', async () => {
    const seen: string[] = [];
    const fetchImpl: FetchLike = async (_url, init) => {
      seen.push(String(init.headers.authorization));
      return new Response('{"accepted":1}', { status: 202 });
    };
    await httpTransport({ server: 'http://reader.test', key: 'k:ey', basicUser: 'POR-MAD-EXP', fetchImpl }).sendEvents([]);
    await httpTransport({ server: 'http://reader.test', key: 'k:ey', fetchImpl }).sendEvents([]);
    expect(seen).toEqual([`Basic ${Buffer.from('POR-MAD-EXP:k:ey').toString('base64')}`, 'Device k:ey']);
  });
});
