import { demoDeviceKey } from '../db/seed/demo-data.js';

/** A demo reader as the API tests post with it: its serial number (`device`) and its demo device key. */
type DemoReader = { device: string; key: string };

const demoReader = (serialNumber: string): DemoReader => ({ device: serialNumber, key: demoDeviceKey(serialNumber) });

/** The demo readers (db/seed/demo-data.ts) the API tests post reads and sales with, named by what they are. */
export const demoReaders = {
  /** CD-MAD's tunnel at the inbound dock (Muelle de recepción). */
  tunnel: demoReader('TUN-MAD-01'),
  /** CD-MAD's portal at shipping (Expedición). */
  exitPortal: demoReader('POR-MAD-EXP'),
  /** T-MAD-01's POS pad (Caja). */
  storeTill: demoReader('POS-T01-01'),
  /** T-MAD-01's handheld on the shop floor (Sala de ventas). */
  storeHandheld: demoReader('HH-T01-01'),
  /** T-MAD-01's exit gate at the store door (Salida). */
  storeGate: demoReader('EXIT-T01-01'),
} satisfies Record<string, DemoReader>;
