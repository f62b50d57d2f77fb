import type { WebhookDelivery, WebhookDeliveryListQuery } from '@rfid/contract';
import type { Counted, PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toDelivery } from '../webhooks.dto.js';
import { requireEndpoint, type WebhookDeps } from './webhook-use-case.js';

/** GET /api/webhooks/{id}/deliveries/: the endpoint's delivery log, newest message first, by state if asked; paged. */
export const listDeliveries = async (
  { repo }: Pick<WebhookDeps, 'repo'>,
  user: AuthUser,
  { id, query, page }: { id: number; query: WebhookDeliveryListQuery; page: PageParams },
): Promise<Counted<WebhookDelivery>> => {
  await requireEndpoint(repo, user, id);
  const { rows, count } = await repo.deliveries(id, query.state ? { state: query.state } : {}, page);
  return { count, results: rows.map(toDelivery) };
};
