import type { Page } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { LocationUser } from './types';

export const USERS_PAGE_SIZE = 11;

/** GET /locationusers/: `search` matches first name, last name or email. */
export const getLocationUsers = ({ search, limit, offset, signal }: { search: string } & PageParams) =>
  apiRequest<Page<LocationUser>>('/locationusers/', { query: { search, limit, offset }, signal });
