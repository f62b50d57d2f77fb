import type { PosItem } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { POS_COLLECTION, type PosKind } from './pos-kind';

/** Items of a sale or return: 100 per page (spec section 9). */
export const POS_ITEMS_PAGE_SIZE = 100;

/** GET /sales/{id}/report/ or /returns/{id}/report/: each item quantity 1, or 0 with a warning. */
export const getPosItems = (kind: PosKind, id: string, page: PageParams) =>
  getPage<PosItem>(`/${POS_COLLECTION[kind]}/${id}/report/`, page);
