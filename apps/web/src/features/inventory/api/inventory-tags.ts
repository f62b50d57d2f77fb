import { INVENTORY_TAGS_PAGE_SIZE, type InventoryTag, type InventoryTagQuery } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

/** The tag table: the default page size of 20 (spec section 9). */
export const TAGS_PAGE_SIZE = INVENTORY_TAGS_PAGE_SIZE;

/** The select of the items detail: Read EPCs or Lost EPCs. */
export type TagKind = 'read' | 'lost';

export type TagFilters = Required<Pick<InventoryTagQuery, 'itemType__gtin__contains' | 'epc__contains'>>;
export const EMPTY_TAG_FILTERS: TagFilters = { itemType__gtin__contains: '', epc__contains: '' };

/** GET /inventorys/{id}/items/?order_by=itemType (read) or /unchecked_items/ (lost), 50 s timeout. */
export const getInventoryTags = (id: string, kind: TagKind, filters: TagFilters, page: PageParams) =>
  getPage<InventoryTag>(`/inventorys/${id}/${kind === 'read' ? 'items' : 'unchecked_items'}/`, page, {
    query: { ...filters, order_by: 'itemType' },
    timeoutMs: 50_000,
  });
