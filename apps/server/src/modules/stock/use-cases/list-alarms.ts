import type { alarmQuerySchema, StockAlarm } from '@rfid/contract';
import type { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toAlarm } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';
import { alarmFilters, type Page } from './stock-scope.js';

export type AlarmQuery = z.output<typeof alarmQuerySchema>;

/** GET /alarms/: GTINs below their minimum stock in the areas the user sees. */
export const listAlarms = async (
  repo: Pick<StockRepository, 'area' | 'location' | 'alarms'>,
  { user, query, page }: { user: AuthUser; query: AlarmQuery; page: PageParams },
): Promise<Page<StockAlarm>> => {
  const filters = await alarmFilters(repo, user, query);
  const { count, rows } = await repo.alarms({ user, filters, orderBy: query.order_by, page });
  return { count, results: rows.map(toAlarm) };
};
