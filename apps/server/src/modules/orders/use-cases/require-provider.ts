import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';

/** The provider of the user's company, or 404. */
export const requireProvider = async (repo: Pick<InboundRepository, 'provider'>, user: AuthUser, id: number) => {
  return foundOr(repo.provider(user.companyId, id), 'orders.provider_not_found');
};
