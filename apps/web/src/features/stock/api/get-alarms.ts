import { STOCK_PAGE_SIZE, type StockAlarm } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { stockKeys } from '../keys';

export type AlarmFilters = { location: string; gtin: string };

/** GET /alarms/: GTINs below their minimum stock, in the locations the user sees (or one). */
export const getAlarms = (filters: AlarmFilters, page: PageParams) => getPage<StockAlarm>('/alarms/', page, { query: filters });

/** The alarms as a paged table reads them. */
export const alarmsPages = (filters: AlarmFilters): PagedQuery<StockAlarm> => ({
  queryKey: stockKeys.alarms(filters),
  fetchPage: (page) => getAlarms(filters, page),
  pageSize: STOCK_PAGE_SIZE,
});
