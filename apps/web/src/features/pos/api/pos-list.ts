import type { PosTransaction } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { POS_COLLECTION, type PosKind } from './pos-kind';

/** POS lists: 11 per page (spec section 9). */
export const POS_PAGE_SIZE = LIST_PAGE_SIZE;

export type PosFilters = { id__contains: string; end_time__gte: string; end_time__lte: string };

/** GET /locations/{id}/sales/ or /returns/ (offset, limit, id__contains, end_time__gte, end_time__lte, order_by). */
export const getPosList = (kind: PosKind, locationId: number, filters: PosFilters, page: PageParams) =>
  getPage<PosTransaction>(`/locations/${locationId}/${POS_COLLECTION[kind]}/`, page, {
    query: { ...filters, order_by: '-end_time' },
  });
