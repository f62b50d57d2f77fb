import type { MovementOrder } from '@rfid/contract';
import type { PageParams } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';
import type { DestinationHistoryQuery } from '../../../orders';

/** Entry dashboard filters: status (destination_status), id, order code and arrival date range. */
export type EntryFilters = DestinationHistoryQuery;

/** GET /v1/morders/?destination__id={id}&order_by=-id: movements arriving at the location (spec section 7). */
export const getEntries = (locationId: number, filters: EntryFilters, page: PageParams) =>
  getPage<MovementOrder>('/v1/morders/', page, { query: { ...filters, destination__id: locationId, order_by: '-id' } });
