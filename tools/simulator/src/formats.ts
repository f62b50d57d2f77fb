import { randomUUID } from 'node:crypto';
import type { ImpinjTagInventoryEvent, ReadingSetBody, ZebraTagEvent } from '@rfid/contract';
import type { SimRead } from './epcs.js';

/** A reading set (docs/design.md §6) of detailed reads, or of plain EPCs. */
export const toSetBody = ({
  device,
  reads,
  codebar,
  isDetailed = true,
  id = randomUUID(),
}: {
  device: string;
  reads: readonly SimRead[];
  codebar?: string;
  isDetailed?: boolean;
  id?: string;
}): ReadingSetBody => {
  const times = reads.map((r) => r.time.getTime());
  const now = Date.now();
  const start = new Date(times.length ? Math.min(...times) : now).toISOString();
  const end = new Date(times.length ? Math.max(...times) : now).toISOString();
  return {
    id,
    device,
    start_time: start,
    end_time: end,
    ...(codebar ? { codebar } : {}),
    ...(isDetailed
      ? { reads: reads.map((r) => ({ epc: r.epc, time: r.time.toISOString(), antenna: r.antenna, rssi: r.rssi })) }
      : { epcs: [...new Set(reads.map((r) => r.epc))] }),
  };
};

/** Zebra IoT Connector tag data events ("SIMPLE" data format, as the FX readers publish them). */
export const toZebraEvents = (reads: readonly SimRead[], firstEventNum = 1): ZebraTagEvent[] =>
  reads.map((r, i) => ({
    timestamp: r.time.toISOString().replace('Z', '+0000'),
    type: 'SIMPLE',
    data: {
      eventNum: firstEventNum + i,
      format: 'epc',
      idHex: r.epc.toLowerCase(),
      antenna: r.antenna,
      peakRssi: r.rssi,
      channel: 915.25,
      reads: 1,
    },
  }));

/**
 * Impinj IoT Device Interface tagInventory events (RSSI in centi-dBm, nanosecond timestamps). As
 * the reader's default configuration sends them, the EPC is only in `epc`, base64; `epcHex`
 * appears when the reader is configured to include it (`withEpcHex`).
 */
export const toImpinjEvents = (
  reads: readonly SimRead[],
  hostname: string,
  { withEpcHex = false }: { withEpcHex?: boolean } = {},
): ImpinjTagInventoryEvent[] =>
  reads.map((r) => ({
    timestamp: r.time.toISOString().replace('Z', '000000Z'),
    hostname,
    eventType: 'tagInventory',
    tagInventoryEvent: {
      epc: Buffer.from(r.epc, 'hex').toString('base64'),
      ...(withEpcHex ? { epcHex: r.epc } : {}),
      antennaPort: r.antenna,
      antennaName: `Antenna ${r.antenna}`,
      peakRssiCdbm: r.rssi * 100,
      frequency: 920_250,
      transmitPowerCbm: 3000,
      lastSeenTime: r.time.toISOString().replace('Z', '000000Z'),
    },
  }));
