import { describe, expect, it } from 'vitest';
import type { PrintingRepository } from '../printing.repository.js';
import { printUser } from './print-fixtures.js';
import { readPrintLog } from './read-print-log.js';

type ChunkArgs = Parameters<PrintingRepository['printLogChunk']>[1];

/** 1,001 printed labels, one a second from 08:00 UTC, read by keyset as the repository does. */
const labels = Array.from({ length: 1001 }, (_, i) => {
  const at = new Date(Date.UTC(2026, 10, 30, 8, 0, i)).toISOString();
  return {
    id: i + 1,
    printed_at: new Date(at),
    print_order_id: 1,
    name: 'Spring',
    label_number: i + 1,
    gtin: '08437012000018',
    serial: i + 1,
    epc: `E${i + 1}`,
    printer: 'Zebra',
    printer_mac: null,
    at_key: at,
  };
});

describe('readPrintLog', () => {
  it("reads the range in the company's zone, 1,000 labels a chunk, each chunk after the last one's key", async () => {
    const asked: ChunkArgs[] = [];
    const repo: Pick<PrintingRepository, 'printLogChunk'> = {
      printLogChunk: async (_user, args) => {
        asked.push(args);
        const after = args.after;
        const rest = after ? labels.filter((l) => l.at_key > after.at) : labels;
        return rest.slice(0, args.limit);
      },
    };
    const log = await readPrintLog({ repo, timeZone: async () => 'Europe/Madrid' }, printUser, {
      printed_at__gte: '2026-11-30',
      printed_at__lte: '2026-11-30',
    });
    expect(log.timeZone).toBe('Europe/Madrid');
    const chunks = [];
    for await (const chunk of log.chunks) chunks.push(chunk);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1]);
    expect(chunks[1]?.[0]).toMatchObject({ print_order: 1, label_number: 1001, serial_number: '1001', printer: 'Zebra' });
    // Midnight to the end of the day in Madrid (UTC+1).
    expect(asked[0]?.from.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(asked[0]?.to.toISOString()).toBe('2026-11-30T22:59:59.999Z');
    expect(asked[1]?.after).toEqual({ at: labels[999]?.at_key, id: 1000 });
  });
});
