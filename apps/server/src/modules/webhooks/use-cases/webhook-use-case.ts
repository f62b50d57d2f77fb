import { fieldError, foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { OutboundAddressPolicy } from '../../printing/printer-address.js';
import type { EndpointRow, WebhooksRepository } from '../webhooks.repository.js';
import { isAllowedUrlHost } from '../webhooks.transport.js';

/** What every webhook use case may need: the repository and the clock. */
export type WebhookDeps = { repo: WebhooksRepository; now: () => Date };

/** What a replay needs: the repository and the sender's wake-up (a delivery made due again goes at once). */
export type ReplayDeps = Pick<WebhookDeps, 'repo'> & { wake: () => void };

/** The user's company's endpoint, or 404 (another company's endpoint is not theirs to know of). */
export const requireEndpoint = async (repo: WebhooksRepository, user: AuthUser, id: number): Promise<EndpointRow> => {
  return foundOr(repo.get(user.companyId, id), 'webhooks.not_found');
};

/** A URL on this server or a private network is refused (400 naming `url`) unless the configuration allows it. */
export const checkUrl = (url: string, policy: OutboundAddressPolicy): void => {
  if (!isAllowedUrlHost(url, policy)) throw fieldError('url', 'webhooks.address_refused');
};

/** Every location of the scope is the company's (400 naming `location_ids` otherwise). */
export const checkLocations = async (repo: WebhooksRepository, user: AuthUser, ids: number[] | null): Promise<void> => {
  if (ids === null) return;
  if ((await repo.countCompanyLocations(user.companyId, ids)) !== ids.length) {
    throw fieldError('location_ids', 'webhooks.location_ids');
  }
};
