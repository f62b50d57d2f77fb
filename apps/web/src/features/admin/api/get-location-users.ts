import type { Page } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { LocationUser } from './types';

export const USERS_PAGE_SIZE = LIST_PAGE_SIZE;

/** GET /locationusers/: `search` matches first name, last name or email; `isActive` 'true'/'false' (''/absent: both). */
export const getLocationUsers = ({
  search,
  isActive,
  limit,
  offset,
  signal,
}: { search: string; isActive?: string } & PageParams) =>
  apiRequest<Page<LocationUser>>('/locationusers/', {
    query: { search, ...(isActive ? { is_active: isActive } : {}), limit, offset },
    signal,
  });
