import { type ReservedEpc, reserveEpcs } from '../epc-reservation.js';
import type { PrintingRepository } from '../printing.repository.js';

/** What adding labels to an order writes (within the caller's transaction). */
export type OrderContentsRepository = Pick<
  PrintingRepository,
  'reserveSerials' | 'existingItemEpcs' | 'insertContent' | 'insertTags' | 'addToTotal'
>;

/** The labels to add: rows of GTIN and quantity (summed per GTIN), numbered on from `firstLabel`. */
export type OrderContents = {
  companyId: number;
  orderId: number;
  /** The SGTIN-96 filter value of the order's tag format. */
  filter: number;
  firstLabel: number;
  rows: { gtin: string; quantity: number }[];
  /** The item type of each GTIN of `rows`. */
  known: Map<string, number>;
};

/** Content rows and their labels (numbered on from `firstLabel`), with their EPCs reserved; the order's total grows. */
export const addOrderContents = async (
  txRepo: OrderContentsRepository,
  companyPrefixLength: number,
  { companyId, orderId, filter, firstLabel, rows, known }: OrderContents,
): Promise<void> => {
  // Counters are taken in GTIN order, so two orders over the same GTINs never wait on each other in a cycle.
  const reserved = new Map<string, ReservedEpc[]>();
  for (const row of [...rows].sort((x, y) => x.gtin.localeCompare(y.gtin))) {
    reserved.set(
      row.gtin,
      await reserveEpcs(txRepo, { companyId, gtin: row.gtin, count: row.quantity, filter, companyPrefixLength }),
    );
  }
  let label = firstLabel;
  for (const row of rows) {
    const itemTypeId = known.get(row.gtin) as number;
    const contentId = await txRepo.insertContent({ printOrderId: orderId, itemTypeId, gtin: row.gtin, quantity: row.quantity });
    await txRepo.insertTags(
      (reserved.get(row.gtin) ?? []).map(({ serial, epc }) => ({
        companyId,
        printOrderId: orderId,
        contentId,
        labelNumber: label++,
        gtin: row.gtin,
        serial,
        epc,
      })),
    );
  }
  await txRepo.addToTotal(orderId, label - firstLabel);
};
