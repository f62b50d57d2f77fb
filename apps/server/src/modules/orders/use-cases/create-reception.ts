import type { Reception, receptionCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';
import { toReceptionDto } from '../order-dto.js';

export type CreateReceptionInput = { user: AuthUser; body: z.output<typeof receptionCreateBodySchema> };

/** POST /receptions/: a reception of an order the user sees (400 on order_id otherwise). */
export const createReception = async (
  repo: Pick<InboundRepository, 'order' | 'insertReception'>,
  { user, body }: CreateReceptionInput,
): Promise<Reception> => {
  const order = await repo.order(user, body.order_id);
  if (!order) throw fieldError('order_id', 'orders.order_not_found');
  return toReceptionDto(await repo.insertReception(order.id, body.reception_code));
};
