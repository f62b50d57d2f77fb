import { readingSetBodySchema } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { decodeForIngest, deterministicUuid, isSameDevice, toSetInput } from './ingest.service.js';

const device = {
  id: 1,
  companyId: 1,
  locationId: 1,
  areaId: 1,
  workingMode: 0,
  serialNumber: 'TUN-MAD-01',
  macAddress: '84:24:8D:00:00:01',
};

describe('ingest rules', () => {
  it('names a reader by serial number or by MAC in any notation', () => {
    expect(isSameDevice(device, 'tun-mad-01')).toBe(true);
    expect(isSameDevice(device, '84-24-8d-00-00-01')).toBe(true);
    expect(isSameDevice(device, '84248D000001')).toBe(true);
    expect(isSameDevice(device, 'HH-MAD-01')).toBe(false);
    expect(isSameDevice(device, '84248D00')).toBe(false);
  });

  it('derives a stable UUID that the contract accepts', () => {
    const id = deterministicUuid('stream:1:2026-11-20T12:00:00.000Z:AAAA');
    expect(id).toBe(deterministicUuid('stream:1:2026-11-20T12:00:00.000Z:AAAA'));
    expect(id).not.toBe(deterministicUuid('stream:2:2026-11-20T12:00:00.000Z:AAAA'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('turns plain EPCs into reads at the end time, and keeps the time, antenna and RSSI of reads', () => {
    const body = readingSetBodySchema.parse({
      id: '6F1C2B7E-8A1D-4C3E-9F0A-1B2C3D4E5F60',
      device: 'x',
      start_time: '2026-11-20T09:00:00Z',
      end_time: '2026-11-20T10:00:05+01:00',
      epcs: ['aaaa', 'AAAA'],
    });
    const input = toSetInput(body);
    expect(input.id).toBe('6f1c2b7e-8a1d-4c3e-9f0a-1b2c3d4e5f60');
    expect(input.codebar).toBeNull();
    expect(toSetInput({ ...body, codebar: '' }).codebar).toBeNull();
    expect(toSetInput({ ...body, codebar: 'BOX-1' }).codebar).toBe('BOX-1');
    expect(input.reads).toEqual([
      { epc: 'AAAA', time: new Date('2026-11-20T09:00:05Z'), antenna: null, rssi: null },
      { epc: 'AAAA', time: new Date('2026-11-20T09:00:05Z'), antenna: null, rssi: null },
    ]);
    const detailed = toSetInput(
      readingSetBodySchema.parse({ ...body, epcs: undefined, reads: [{ epc: 'bbbb', antenna: 4, rssi: -61.6 }] }),
    );
    expect(detailed.reads[0]).toEqual({ epc: 'BBBB', time: new Date('2026-11-20T09:00:05Z'), antenna: 4, rssi: -61.6 });
  });

  it('decodes a GS1 EPC to its GTIN and keeps any other EPC as unknown', () => {
    expect(decodeForIngest('3074257BF7194E4000001A85')).toEqual({
      epc: '3074257BF7194E4000001A85',
      scheme: 'sgtin-96',
      gtin: '80614141123458',
      serial: '6789',
    });
    expect(decodeForIngest('E2801160600002054C1D7AB9')).toEqual({
      epc: 'E2801160600002054C1D7AB9',
      scheme: 'unknown',
      gtin: null,
      serial: null,
    });
  });
});
