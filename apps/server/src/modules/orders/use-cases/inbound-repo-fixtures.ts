import { notFound } from '../../../http/errors.js';
import { callRecorder, unexpectedCall } from '../../../test/recording-repo.js';
import type { InboundRepository, InboundWrites } from '../inbound.repository.js';
import type { BoxRow } from '../orders.repository.js';

/** A box row as the repository reads it: box `id` of order 10 (purchase PO-1), unread. */
export const boxRow = (id: number, codebar = 'B-1'): BoxRow => ({
  id,
  codebar,
  orderId: 10,
  orderCode: 'PO-1',
  orderType: 'purchase',
  providerName: 'Textiles SA',
  orderCreationDate: new Date('2026-11-01T10:00:00Z'),
  receptionId: 20,
  originStatus: 0,
  destinationStatus: 0,
  originReadingTime: null,
  destinationReadingTime: null,
  theoricalItemCount: 2,
  references: 1,
  destinationRealItemCount: 0,
  destinationMatchedItemCount: 0,
  destinationVerificationCount: 0,
  originRealItemCount: 0,
  originMatchedItemCount: 0,
  originVerificationCount: 0,
});

/**
 * An in-memory inbound repository: location 2 (Europe/Madrid) is the user's, provider 7 the company's, reception 20
 * of order 10, boxes 30 and 31 visible, GTIN 08437000000013 item type 13; box barcode 'TAKEN' exists. The writes of a
 * transaction are kept only when its work ends well. Every call is recorded in `calls` ('tx.' before a write).
 */
export const fakeInboundRepo = (over: Partial<InboundRepository> = {}) => {
  const { calls, record, called } = callRecorder();
  const committed: { boxes: number[]; contents: unknown[] } = { boxes: [], contents: [] };
  let nextId = 100;
  const writes = (draft: typeof committed): InboundWrites => ({
    lockOrder: record('tx.lockOrder', async () => {}),
    codebarExists: record('tx.codebarExists', async (_companyId: number, codebar: string) => codebar === 'TAKEN'),
    itemTypesByGtin: record(
      'tx.itemTypesByGtin',
      async (_companyId: number, gtins: string[]) =>
        new Map(gtins.filter((g) => g.endsWith('8437000000013')).map((g) => [g, { id: 13, gtin: '08437000000013' }])),
    ),
    insertBox: record('tx.insertBox', async () => {
      nextId += 1;
      draft.boxes.push(nextId);
      return nextId;
    }),
    insertContents: record('tx.insertContents', async (rows: { boxId: number; itemTypeId: number; quantity: number }[]) => {
      draft.contents.push(...rows);
      return rows.map((r, i) => ({ id: 500 + i, ...r }));
    }),
    recomputeSides: record('tx.recomputeSides', async () => {}),
  });
  const repo: InboundRepository = {
    location: record('location', async (_user, locationId) => {
      if (locationId !== 2) throw notFound('location.not_found');
      return { timeZone: 'Europe/Madrid' };
    }),
    companyTimeZone: record('companyTimeZone', async () => 'Europe/Madrid'),
    requireOrder: unexpectedCall('inbound', 'requireOrder'),
    order: record('order', async () => undefined),
    insertOrder: record('insertOrder', async () => 10),
    provider: record('provider', async (companyId, id) =>
      companyId === 1 && id === 7 ? { id, name: 'Textiles SA' } : undefined,
    ),
    providerStats: record('providerStats', async () => ({ orderCount: 0, averageReceptionSeconds: null, delayPercent: 0 })),
    listOrders: record('listOrders', async () => ({ count: 0, rows: [] })),
    listLocationOrders: record('listLocationOrders', async () => ({ count: 0, rows: [] })),
    reception: record('reception', async (_user, id) =>
      id === 20 ? { id, orderId: 10, receptionCode: 'R-1', createdAt: new Date('2026-11-01T10:00:00Z') } : undefined,
    ),
    insertReception: unexpectedCall('inbound', 'insertReception'),
    box: record('box', async (_user, id) => (id === 30 || id === 31 || committed.boxes.includes(id) ? boxRow(id) : undefined)),
    transaction: async (work) => {
      const draft = { boxes: [...committed.boxes], contents: [...committed.contents] };
      const answer = await work(writes(draft));
      Object.assign(committed, draft);
      return answer;
    },
    inboundFigures: unexpectedCall('inbound', 'inboundFigures'),
    printDataRows: record('printDataRows', async () => []),
    returnOf: unexpectedCall('inbound', 'returnOf'),
    returnLines: record('returnLines', async () => ({ count: 0, rows: [] })),
    ...over,
  };
  return { repo, calls, called, committed };
};
