import type { Page } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { LocationUser } from './types';

export const USERS_PAGE_SIZE = 11;

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
