import type { Page, StockAlarm } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

export type AlarmFilters = { location: string; gtin: string };

/** GET /alarms/: GTINs below their minimum stock, in the locations the user sees (or one). */
export const getAlarms = (filters: AlarmFilters, page: PageParams) =>
  apiRequest<Page<StockAlarm>>('/alarms/', {
    query: { ...filters, limit: page.limit, offset: page.offset },
    signal: page.signal,
  });
