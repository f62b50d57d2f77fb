import type { StockAlarm } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export type AlarmFilters = { location: string; gtin: string };

/** GET /alarms/: GTINs below their minimum stock, in the locations the user sees (or one). */
export const getAlarms = (filters: AlarmFilters, page: PageParams) => getPage<StockAlarm>('/alarms/', page, { query: filters });
