import type { WebhookEndpoint } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toEndpoint } from '../webhooks.dto.js';
import { requireEndpoint, type WebhookDeps } from './webhook-use-case.js';

/**
 * POST /api/webhooks/{id}/enable/: a disabled endpoint (by the sender after repeated failures, or by a user) is enabled
 * again, its reason and failures cleared. The deliveries failed meanwhile stay failed: replay them (replay/) to send them.
 */
export const enableEndpoint = async ({ repo, now }: WebhookDeps, user: AuthUser, id: number): Promise<WebhookEndpoint> => {
  await requireEndpoint(repo, user, id);
  const row = await foundOr(repo.enable(user.companyId, id), 'webhooks.not_found');
  return toEndpoint(row, now());
};
