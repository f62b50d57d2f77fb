import type { PurchaseOrder, providerOrdersQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageRequestInput } from '../../use-case-input.js';
import type { InboundRepository } from '../inbound.repository.js';
import { toOrderDto } from '../order-dto.js';
import { requireProvider } from './require-provider.js';

export type ListProviderOrdersInput = PageRequestInput<'id', z.output<typeof providerOrdersQuerySchema>>;

/**
 * GET /providers/{id}/porders/: pending=true: destination_status 0; pending=false: the rest (spec section 4). Date-only
 * filters are days of the company's zone.
 */
export const listProviderOrders = async (
  repo: Pick<InboundRepository, 'provider' | 'companyTimeZone' | 'listOrders'>,
  { user, id, query, page }: ListProviderOrdersInput,
): Promise<{ count: number; results: PurchaseOrder[] }> => {
  await requireProvider(repo, user, id);
  const pending = query.pending === undefined ? undefined : ['true', 'True', '1'].includes(query.pending);
  const timeZone = await repo.companyTimeZone(user);
  const scope = { user, providerId: id, pending };
  const { count, rows } = await repo.listOrders({ type: 'purchase', scope, query, page, side: 'destination', timeZone });
  const now = new Date();
  return { count, results: rows.map((r) => toOrderDto(r, now)) };
};
