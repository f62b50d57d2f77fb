import { PrintOrderState } from '@rfid/contract';
import { AppError } from '../../../http/errors.js';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { PrintingRepository, PrintOrderRow, ScopedPrinter } from '../printing.repository.js';
import type { InPrintingTransaction } from './print-order-scope.js';

/** A user of company 1 (role 1, every location) for the printing use cases' unit tests. */
export const printUser = testUser();

/** A print order row of company 1 in the format 3 (filter 1), PENDING, with `over` on top. */
export const orderRow = (over: Partial<PrintOrderRow> = {}): PrintOrderRow => ({
  id: 1,
  company_id: 1,
  name: 'Order',
  creation_date: new Date('2026-11-29T07:00:00Z'),
  state: PrintOrderState.Pending,
  total_quantity: 0,
  from_label: 1,
  progress: 0,
  canceled: false,
  error: null,
  source: 'manual',
  job_from: null,
  job_to: null,
  job_done: 0,
  voided_labels: 0,
  replaced_labels: 0,
  tcf_id: 3,
  tag_type_id: 1,
  tag_type_reference: 'UHF',
  tag_format_id: 1,
  tag_format_description: 'Basic',
  printer_id: null,
  printer_description: null,
  brand_id: null,
  brand_description: null,
  contents_count: 0,
  location: null,
  ...over,
});

const GTIN_A = '08437012000018';
const GTIN_B = '08437012000025';
/** The company's item types: 11 of GTIN_A, 12 of GTIN_B. */
export const gtins = { a: GTIN_A, b: GTIN_B };

type Tag = { printOrderId: number; contentId: number; labelNumber: number; gtin: string; serial: number; epc: string };

/** The methods of the printing repository the print order use cases call. */
type FakePrintingRepository = Pick<
  PrintingRepository,
  | 'order'
  | 'printer'
  | 'companyFormat'
  | 'defaultCompanyFormatId'
  | 'visibleLocationIds'
  | 'brandOf'
  | 'itemTypesByGtin'
  | 'itemTypesById'
  | 'insertOrder'
  | 'insertOrderLocations'
  | 'insertContent'
  | 'insertTags'
  | 'addToTotal'
  | 'reserveSerials'
  | 'existingItemEpcs'
  | 'sendableLabels'
  | 'startJob'
>;

/**
 * An in-memory printing store of company 1: format 3 (filter 1), printer 7 at location 10, locations 10 and 11 seen by
 * the user, brand 5, item types 11 and 12 (gtins.a and gtins.b). Orders, contents and labels are kept as written; a
 * transaction is committed only when its work ends without throwing.
 */
export const fakePrintingStore = (over: Partial<FakePrintingRepository> = {}) => {
  const orders = new Map<number, PrintOrderRow>();
  const tags: Tag[] = [];
  const contents: { id: number; printOrderId: number; itemTypeId: number; gtin: string; quantity: number }[] = [];
  const counters = new Map<string, number>();
  const jobs: { orderId: number; printerId: number; from: number; to: number }[] = [];
  const wakes = { count: 0 };
  const types = [
    { id: 11, gtin: GTIN_A },
    { id: 12, gtin: GTIN_B },
  ];
  const printer: ScopedPrinter = { id: 7, description: 'Zebra', host: '10.0.0.7', port: 9100, companyId: 1, locationId: 10 };
  const repo: FakePrintingRepository = {
    order: async (_user, id) => orders.get(id),
    printer: async (_user, id) => (id === printer.id ? printer : undefined),
    companyFormat: async (companyId, id) =>
      companyId === 1 && id === 3 ? { id: 3, filterValue: 1, epcBits: 96, zplTemplate: '', digitalLinkQr: false } : undefined,
    defaultCompanyFormatId: async (companyId) => (companyId === 1 ? 3 : undefined),
    visibleLocationIds: async (_user, ids) => ids.filter((id) => id === 10 || id === 11),
    brandOf: async (companyId, brandId) => companyId === 1 && brandId === 5,
    itemTypesByGtin: async (_companyId, list) => types.filter((t) => list.includes(t.gtin)),
    itemTypesById: async (_companyId, ids) => types.filter((t) => ids.includes(t.id)),
    insertOrder: async (values) => {
      const id = orders.size + 1;
      orders.set(
        id,
        orderRow({ id, name: values.name ?? '', source: values.source ?? 'manual', printer_id: values.printerId ?? null }),
      );
      return id;
    },
    insertOrderLocations: async (orderId, ids) => {
      const row = orders.get(orderId);
      if (row && ids.length) orders.set(orderId, { ...row, location: ids.map((id) => ({ id, description: `L${id}` })) });
    },
    insertContent: async (values) => {
      contents.push({ id: contents.length + 1, ...values });
      return contents.length;
    },
    insertTags: async (rows) => {
      for (const r of rows) tags.push({ ...r, contentId: r.contentId ?? 0, serial: Number(r.serial) });
    },
    addToTotal: async (orderId, labels) => {
      const row = orders.get(orderId);
      if (row) orders.set(orderId, { ...row, total_quantity: row.total_quantity + labels });
    },
    reserveSerials: async (companyId, gtin, n) => {
      const key = `${companyId}:${gtin}`;
      const first = counters.get(key) ?? 1;
      counters.set(key, first + n);
      return first;
    },
    existingItemEpcs: async () => new Set<string>(),
    sendableLabels: async (orderId, from, to) =>
      tags.filter((t) => t.printOrderId === orderId && t.labelNumber >= from && t.labelNumber <= to).length,
    startJob: async (job) => {
      const row = orders.get(job.orderId);
      if (!row || row.state === PrintOrderState.Working) return false;
      jobs.push(job);
      orders.set(job.orderId, {
        ...row,
        state: PrintOrderState.Working,
        job_from: job.from,
        job_to: job.to,
        printer_id: job.printerId,
      });
      return true;
    },
    ...over,
  };
  /** The work sees the same store; what it wrote is undone when it throws. */
  const inTransaction: InPrintingTransaction = async (work) => {
    const saved = { orders: new Map(orders), tags: tags.length, contents: contents.length, jobs: jobs.length };
    try {
      return await work(repo as PrintingRepository);
    } catch (error) {
      orders.clear();
      for (const [id, row] of saved.orders) orders.set(id, row);
      tags.length = saved.tags;
      contents.length = saved.contents;
      jobs.length = saved.jobs;
      throw error;
    }
  };
  const deps = { repo, inTransaction, wake: () => void wakes.count++, companyPrefixLength: 7 };
  return { repo, deps, orders, tags, contents, jobs, wakes };
};

/** How a use case refused: the answer's status, its message key and the fields it names (fails when it did not refuse). */
export const refusal = async (work: Promise<unknown>): Promise<{ status: number; key: string; fields: string[] }> => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, key: error.text.key, fields: Object.keys(error.errors ?? {}) };
};
