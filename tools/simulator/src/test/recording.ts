import type { ReadingSetBody } from '@rfid/contract';
import type { Transport } from '../transport.js';

/** A transport that keeps the sets it is given (the scenarios' tests). */
export const recording = () => {
  const sets: ReadingSetBody[] = [];
  const transport: Transport = {
    name: 'http',
    sendSet: async (set) => {
      sets.push(set);
      return { status: 201, body: {}, ms: 1 };
    },
    sendEvents: async () => ({ status: 202, body: {}, ms: 1 }),
    close: async () => {},
  };
  return { sets, transport };
};

/** The distinct EPCs of a set: of its detailed reads, or its plain EPCs. */
export const epcsOf = (set: ReadingSetBody | undefined): string[] => [
  ...new Set((set?.reads ?? []).map((r) => r.epc).concat(set?.epcs ?? [])),
];
