import type { ProviderStats } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { hours } from '../../stats/stats.rules.js';
import type { InboundRepository } from '../inbound.repository.js';
import { requireProvider } from './require-provider.js';

/** GET /providers/{id}/statistics/: the provider's reception time, orders and delays over the orders the user sees. */
export const getProviderStats = async (
  repo: Pick<InboundRepository, 'provider' | 'providerStats'>,
  { user, id }: { user: AuthUser; id: number },
): Promise<ProviderStats> => {
  await requireProvider(repo, user, id);
  const stats = await repo.providerStats(user, id);
  return {
    average_reception_time: hours(stats.averageReceptionSeconds),
    order_count: stats.orderCount,
    delay_percent: stats.delayPercent,
  };
};
