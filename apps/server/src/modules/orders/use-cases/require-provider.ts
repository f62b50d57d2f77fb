import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';

/** The provider of the user's company, or 404. */
export const requireProvider = async (repo: Pick<InboundRepository, 'provider'>, user: AuthUser, id: number) => {
  const provider = await repo.provider(user.companyId, id);
  if (!provider) throw notFound('orders.provider_not_found');
  return provider;
};
