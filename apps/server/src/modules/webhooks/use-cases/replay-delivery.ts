import type { WebhookReplayAnswer } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type ReplayDeps, requireEndpoint } from './webhook-use-case.js';

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/replay/: a failed delivery is sent again, its attempts starting over
 * (same `webhook-id`). Only failed ones: a pending one is on its way, a succeeded one was acknowledged (404 otherwise).
 */
export const replayDelivery = async (
  { repo, wake }: ReplayDeps,
  user: AuthUser,
  { id, deliveryId }: { id: number; deliveryId: number },
): Promise<WebhookReplayAnswer> => {
  await requireEndpoint(repo, user, id);
  if (!(await repo.replay(id, deliveryId))) throw notFound('webhooks.delivery_not_found');
  wake();
  return { replayed: 1 };
};
