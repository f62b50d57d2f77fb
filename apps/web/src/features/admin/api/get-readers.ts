import type { Page } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Reader } from './types';

export type ReaderFilters = { mac_address__icontains: string; serial_number__icontains: string };
export const READERS_PAGE_SIZE = LIST_PAGE_SIZE;

/** GET /readers/: paged, for one location (locationId), filtered by MAC and serial number. */
export const getReaders = ({ signal, ...params }: Partial<ReaderFilters> & { locationId?: number } & PageParams) =>
  apiRequest<Page<Reader>>('/readers/', { query: params, signal });

export const readersQueryKey = (filters: Partial<ReaderFilters> & { locationId?: number }) =>
  [...adminKeys.readers, 'list', filters] as const;
