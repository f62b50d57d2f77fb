import { expect } from 'vitest';
import { type CallAs, locationIdByCode } from './admin-fixtures.js';
import type { TestApp } from './helpers.js';
import { waitUntil } from './job-fixtures.js';

/** What the printing tests share: an API caller, multipart forms and an SGTIN-96 writer independent of packages/epc. */

/** A caller as any demo user (the admin tests' CallAs). */
export const printingCaller =
  (t: TestApp): CallAs =>
  async (method, url, who, payload) =>
    t.call(method, url, await t.login(who), payload);

export { multipartForm } from './helpers.js';

/** SGTIN-96 of a GTIN-14 with a 7-digit company prefix (partition 5) and filter 1, written out by hand. */
export const sgtin96Hex = (gtin14: string, serial: number): string => {
  let value = 0x30n;
  value = (value << 3n) | 1n;
  value = (value << 3n) | 5n;
  value = (value << 24n) | BigInt(gtin14.slice(1, 8));
  value = (value << 20n) | BigInt(`${gtin14[0]}${gtin14.slice(8, 13)}`);
  value = (value << 38n) | BigInt(serial);
  return value.toString(16).toUpperCase().padStart(24, '0');
};

/** Polls `read` every 25 ms until `isDone` says so (or fails after `timeoutMs`). */
export const waitFor = <T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 15_000): Promise<T> =>
  waitUntil(read, isDone, timeoutMs, 25);

/** The print service's timeouts, short for the tests; call before the app is built (read when it starts). */
export const shortenPrintTimeouts = (): void => {
  process.env.PRINT_CONNECT_TIMEOUT_MS = '2000';
  process.env.PRINT_LABEL_TIMEOUT_MS = '4000';
  process.env.PRINT_POLL_MS = '15';
};

/** A print order as the API answers it, the fields the printing tests read. */
export type PrintOrderView = {
  id: number;
  state: string;
  total_quantity: number;
  from_label: number;
  progress: number;
  canceled: boolean;
  error: string | null;
};
/** A print order's label as GET /printer/print_orders/{id}/print_tags/ lists it (the fields the tests read). */
export type PrintLabelView = {
  id: number;
  label_number: number;
  gtin: string;
  item: { epc: string; serial_number: string };
  printed_at: string | null;
};
/** A label that may have been voided (issue 25), and the label it replaces. */
export type VoidableLabelView = PrintLabelView & {
  voided_at: string | null;
  void_reason: string | null;
  replaces_label: number | null;
};
/** The order's detail while a job runs: its live progress and printer. */
export type PrintOrderProgress = PrintOrderView & { job_done: number; job_total: number; printer: { id: number } | null };

type Caller = ReturnType<typeof printingCaller>;

let simulatedPrinters = 0;

/** Adds a printer (as the demo administrator) at 127.0.0.1:`port`, in `areaId`; a MAC of its own each time. */
export const addSimulatedPrinter = async (
  call: Caller,
  { description, port, areaId, dpi }: { description: string; port: number; areaId: number; dpi?: number },
): Promise<number> => {
  simulatedPrinters += 1;
  const r = await call('POST', '/api/printer/printers/', 'admin@demo.local', {
    description,
    mac: `00:07:4D:${String(process.pid % 100).padStart(2, '0')}:${String(Math.floor(simulatedPrinters / 100)).padStart(2, '0')}:${String(simulatedPrinters % 100).padStart(2, '0')}`,
    location_area: areaId,
    ip_address: '127.0.0.1',
    port,
    ...(dpi ? { dpi } : {}),
  });
  if (r.statusCode !== 201) throw new Error(`adding a printer: ${r.statusCode} ${r.body}`);
  return r.json().id as number;
};

/** The calls the print job tests make as the printer operator: print, read an order's progress and labels, wait. */
export const printJobSteps = <Tag = { label_number: number; item: { epc: string }; printed_at: string | null }>(call: Caller) => {
  const progressOf = async (id: number) =>
    (await call('GET', `/api/printer/print_orders/${id}/printer_progress/`, 'printer@demo.local')).json() as PrintOrderProgress;
  return {
    print: (body: Record<string, unknown>) => call('POST', '/api/printer/print/', 'printer@demo.local', body),
    progressOf,
    labelsOf: async (id: number) =>
      (await call('GET', `/api/printer/print_orders/${id}/items/?limit=1000`, 'printer@demo.local')).json().results as Tag[],
    /** Waits until the order's job has ended (its state is no longer WORKING). */
    settled: (id: number, timeoutMs = 15_000) =>
      waitFor(
        () => progressOf(id),
        (p) => p.state !== 'WORKING',
        timeoutMs,
      ),
  };
};

/**
 * What a print job test starts from, read as the demo administrator: the first area of CD-MAD, the id of the
 * hang-tag format ("Etiqueta colgante") and `count` GTINs of the demo from `offset` (by GTIN).
 */
export const printJobStart = async (t: TestApp, call: Caller, { offset, count }: { offset: number; count: number }) => {
  const cdMad = await locationIdByCode(t.database.db, 'CD-MAD');
  const areaId = (await call('GET', `/api/locations/${cdMad}/areas/`, 'admin@demo.local')).json().results[0].id as number;
  const formatId = (await call('GET', '/api/printer/tag_company_format/', 'admin@demo.local'))
    .json()
    .results.find((f: { tag_format: { description: string } }) => f.tag_format.description.startsWith('Etiqueta colgante'))
    .id as number;
  const gtins = (await call('GET', `/api/types/?limit=${count}&offset=${offset}&order_by=gtin`, 'admin@demo.local'))
    .json()
    .results.map((r: { gtin: string }) => r.gtin) as string[];
  return { areaId, formatId, gtins };
};

/** Creates a print order of `formatId` as the printer operator, one line per [GTIN, quantity]; it must answer 201. */
export const newPrintOrder = async <Order = PrintOrderView>(
  call: Caller,
  { formatId, name, rows }: { formatId: number; name: string; rows: [string, number][] },
): Promise<Order> => {
  const r = await call('POST', '/api/printer/print_orders/', 'printer@demo.local', {
    tag_company_format: formatId,
    name,
    items: rows.map(([gtin, quantity]) => ({ gtin, quantity })),
  });
  expect(r.statusCode).toBe(201);
  return r.json() as Order;
};
