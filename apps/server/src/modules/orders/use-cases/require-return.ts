import { visibleOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';

/** A provider or sale return of the user's company at a location the user sees, or 404. */
export const requireReturn = async (
  repo: Pick<InboundRepository, 'returnOf'>,
  { user, kind, id }: { user: AuthUser; kind: 'provider' | 'sale'; id: number },
) => {
  return visibleOr(user, repo.returnOf({ id, kind, companyId: user.companyId }), 'orders.return_not_found');
};
