import type { WebhookEndpointCreate, WebhookEndpointCreated } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { OutboundAddressPolicy } from '../../printing/printer-address.js';
import { toEndpoint } from '../webhooks.dto.js';
import { checkLocations, checkUrl, type WebhookDeps } from './webhook-use-case.js';

export type CreateEndpointDeps = WebhookDeps & { policy: OutboundAddressPolicy; newSecret: () => string };

/**
 * POST /api/webhooks/: a new endpoint of the user's company with a new signing secret, answered this once (only a
 * rotation shows another). The URL must be allowed (no loopback or private address unless the configuration says so)
 * and the scope's locations the company's.
 */
export const createEndpoint = async (
  { repo, now, policy, newSecret }: CreateEndpointDeps,
  user: AuthUser,
  body: WebhookEndpointCreate,
): Promise<WebhookEndpointCreated> => {
  checkUrl(body.url, policy);
  await checkLocations(repo, user, body.location_ids);
  const secret = newSecret();
  const row = await repo.create(user.companyId, {
    url: body.url,
    description: body.description,
    eventTypes: body.event_types,
    locationIds: body.location_ids,
    secret,
    enabled: body.enabled,
    createdBy: user.id,
  });
  return { ...toEndpoint(row, now()), secret };
};
