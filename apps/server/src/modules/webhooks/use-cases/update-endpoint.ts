import type { WebhookEndpoint, WebhookEndpointUpdate } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import { render } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { OutboundAddressPolicy } from '../../printing/printer-address.js';
import { toEndpoint } from '../webhooks.dto.js';
import type { EndpointFields } from '../webhooks.repository.js';
import { checkLocations, checkUrl, requireEndpoint, type WebhookDeps } from './webhook-use-case.js';

export type UpdateEndpointDeps = WebhookDeps & { policy: OutboundAddressPolicy };

/**
 * PATCH /api/webhooks/{id}/: any of url, description, event types, location scope and `enabled`. Switching it off
 * fails its pending deliveries (replayable); switching it on clears the reason and the failures in a row.
 */
export const updateEndpoint = async (
  { repo, now, policy }: UpdateEndpointDeps,
  user: AuthUser,
  { id, body }: { id: number; body: WebhookEndpointUpdate },
): Promise<WebhookEndpoint> => {
  const current = await requireEndpoint(repo, user, id);
  if (body.url !== undefined) checkUrl(body.url, policy);
  if (body.location_ids !== undefined) await checkLocations(repo, user, body.location_ids);
  const fields: Partial<EndpointFields> = {
    ...(body.url === undefined ? {} : { url: body.url }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.event_types === undefined ? {} : { eventTypes: body.event_types }),
    ...(body.location_ids === undefined ? {} : { locationIds: body.location_ids }),
  };
  await repo.update(user.companyId, id, fields);
  if (body.enabled === true && !current.enabled) await repo.enable(user.companyId, id);
  if (body.enabled === false && current.enabled) {
    await repo.disable(user.companyId, id, render('webhooks.disabled_by_user', 'en'));
  }
  const updated = await foundOr(repo.get(user.companyId, id), 'webhooks.not_found');
  return toEndpoint(updated, now());
};
