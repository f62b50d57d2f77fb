import type { PurchaseOrder, purchaseOrderCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';
import { purchaseOrderValues, toOrderDto } from '../order-dto.js';

export type CreatePurchaseOrderInput = { user: AuthUser; body: z.output<typeof purchaseOrderCreateBodySchema> };

/** POST /porders/: a purchase order to a location the user sees (404) from one of the company's providers (400). */
export const createPurchaseOrder = async (
  repo: Pick<InboundRepository, 'location' | 'provider' | 'insertOrder' | 'requireOrder'>,
  { user, body }: CreatePurchaseOrderInput,
): Promise<PurchaseOrder> => {
  await repo.location(user, body.destination_id);
  const provider = await repo.provider(user.companyId, body.origin_id);
  if (!provider) throw fieldError('origin_id', 'orders.provider_not_found');
  const id = await repo.insertOrder(purchaseOrderValues(user.companyId, body, provider.id));
  return toOrderDto(await repo.requireOrder(user, id));
};
