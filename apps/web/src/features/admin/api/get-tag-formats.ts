import type { Page, TagFormat } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const TAG_FORMATS_PAGE_SIZE = LIST_PAGE_SIZE;

/** GET /tagformat/: the company's tag formats (id, description, digital_link_qr), paged. */
export const getTagFormats = ({ limit, offset, signal }: PageParams) =>
  apiRequest<Page<TagFormat>>('/tagformat/', { query: { limit, offset }, signal });

/** The tag formats as a paged table reads them. */
export const tagFormatsPages = (): PagedQuery<TagFormat> => ({
  queryKey: adminKeys.tagFormats,
  fetchPage: getTagFormats,
  pageSize: TAG_FORMATS_PAGE_SIZE,
});
