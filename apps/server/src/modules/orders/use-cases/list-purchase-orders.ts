import type { PurchaseOrder, purchaseOrderListQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageRequestInput } from '../../use-case-input.js';
import type { InboundRepository } from '../inbound.repository.js';
import { toOrderDto } from '../order-dto.js';

export type ListPurchaseOrdersInput = PageRequestInput<'locationId', z.output<typeof purchaseOrderListQuerySchema>>;

/** GET /locations/{id}/v1/porders/: the purchase orders arriving at a location; date-only filters are its days. */
export const listPurchaseOrders = async (
  repo: Pick<InboundRepository, 'location' | 'listLocationOrders'>,
  { user, locationId, query, page }: ListPurchaseOrdersInput,
): Promise<{ count: number; results: PurchaseOrder[] }> => {
  const { timeZone } = await repo.location(user, locationId);
  const { count, rows } = await repo.listLocationOrders({
    type: 'purchase',
    companyId: user.companyId,
    locationId,
    query,
    page,
    side: 'destination',
    timeZone,
  });
  const now = new Date();
  return { count, results: rows.map((r) => toOrderDto(r, now)) };
};
