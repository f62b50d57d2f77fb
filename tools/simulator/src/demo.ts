import { gtinCheckDigit } from '@rfid/epc';

/** GS1 company prefix of the demo retailer (apps/server/src/db/seed/demo-data.ts). */
export const DEMO_COMPANY_PREFIX = '8437012';

/**
 * The demo catalogue's GTINs: GTIN-14 with indicator 0, company prefix 8437012 and item
 * references 10000, 10001 … (the same formula as the seed, so the simulator needs no login).
 */
export const demoGtins = (count = 300): string[] =>
  Array.from({ length: count }, (_, i) => {
    const body = `${DEMO_COMPANY_PREFIX}${10000 + i}`;
    return `0${body}${gtinCheckDigit(`0${body}`)}`;
  });

export type ReaderKind = 'tunnel' | 'portal' | 'handheld' | 'pos' | 'exit';

export type DemoReader = { serial: string; mac: string; kind: ReaderKind; where: string };

/** The demo readers of the seed; each reader's key is `demo-<serial in lower case>`. */
export const demoReaders: DemoReader[] = [
  { serial: 'TUN-MAD-01', mac: '84:24:8D:00:00:01', kind: 'tunnel', where: 'CD-MAD, Muelle de recepción (Entry)' },
  { serial: 'POR-MAD-EXP', mac: '84:24:8D:00:00:02', kind: 'portal', where: 'CD-MAD, Expedición (Movement exit)' },
  { serial: 'HH-MAD-01', mac: '84:24:8D:00:00:03', kind: 'handheld', where: 'CD-MAD, Almacén (Handheld)' },
  { serial: 'POR-T01-ENT', mac: '00:16:25:00:00:11', kind: 'portal', where: 'T-MAD-01, Almacén tienda (Movement)' },
  { serial: 'POS-T01-01', mac: '00:16:25:00:00:12', kind: 'pos', where: 'T-MAD-01, Caja (Sale)' },
  { serial: 'HH-T01-01', mac: '00:16:25:00:00:13', kind: 'handheld', where: 'T-MAD-01, Sala de ventas (Handheld)' },
  { serial: 'EXIT-T01-01', mac: '84:24:8D:00:00:21', kind: 'exit', where: 'T-MAD-01, Salida (Exit gate)' },
];

export const demoDeviceKey = (serial: string): string => `demo-${serial.toLowerCase()}`;

export const findReader = (serialOrKind: string): DemoReader | undefined =>
  demoReaders.find((r) => r.serial.toLowerCase() === serialOrKind.toLowerCase()) ??
  demoReaders.find((r) => r.kind === serialOrKind);
