import type { printLogQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { parseDateParam } from '../../../http/dates.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository } from '../printing.repository.js';

/** One printed label of the print log. */
export type PrintLogRow = {
  printed_at: Date;
  print_order: number;
  name: string;
  label_number: number;
  gtin: string;
  serial_number: string;
  epc: string;
  printer: string | null;
  printer_mac: string | null;
};

export type ReadPrintLogDeps = {
  repo: Pick<PrintingRepository, 'printLogChunk'>;
  /** The company's time zone (location-scope.ts `companyTimeZone`). */
  timeZone: (user: AuthUser) => Promise<string>;
};

/** Labels a chunk of the log reads at most. */
const CHUNK = 1000;

/**
 * GET /printer/print_log/: the labels printed in a range, in chunks; and the zone the range was read in (the
 * company's: the log is company-wide).
 */
export const readPrintLog = async (
  { repo, timeZone }: ReadPrintLogDeps,
  user: AuthUser,
  range: Pick<z.output<typeof printLogQuerySchema>, 'printed_at__gte' | 'printed_at__lte'>,
): Promise<{ timeZone: string; chunks: AsyncGenerator<PrintLogRow[]> }> => {
  // Both are required by the route's schema; a date-only end is the end of that day, days and
  // wall-clock times of the company's zone.
  const zone = await timeZone(user);
  const from = parseDateParam(range.printed_at__gte, 'printed_at__gte', 'start', zone) ?? new Date(0);
  const to = parseDateParam(range.printed_at__lte, 'printed_at__lte', 'end', zone) ?? new Date();
  async function* chunks(): AsyncGenerator<PrintLogRow[]> {
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.printLogChunk(user, { from, to, after, limit: CHUNK });
      if (rows.length === 0) return;
      yield rows.map((r) => ({
        printed_at: new Date(r.printed_at),
        print_order: r.print_order_id,
        name: r.name,
        label_number: r.label_number,
        gtin: r.gtin,
        serial_number: String(r.serial),
        epc: r.epc,
        printer: r.printer,
        printer_mac: r.printer_mac,
      }));
      const last = rows[rows.length - 1] as (typeof rows)[number];
      after = { at: last.at_key, id: Number(last.id) };
      if (rows.length < CHUNK) return;
    }
  }
  return { timeZone: zone, chunks: chunks() };
};
