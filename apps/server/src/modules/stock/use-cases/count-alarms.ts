import type { AuthUser } from '../../../plugins/auth.js';
import type { StockRepository } from '../stock-store.repository.js';
import type { AlarmQuery } from './list-alarms.js';
import { alarmFilters } from './stock-scope.js';

/** GET /alarms/count/: how many (the header's bell). */
export const countAlarms = async (
  repo: Pick<StockRepository, 'area' | 'location' | 'alarmCount'>,
  { user, query }: { user: AuthUser; query: Omit<AlarmQuery, 'limit' | 'offset' | 'order_by'> },
): Promise<number> => repo.alarmCount({ user, filters: await alarmFilters(repo, user, query) });
