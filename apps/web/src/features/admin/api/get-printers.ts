import type { Page } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { Printer } from './types';

export const PRINTERS_PAGE_SIZE = LIST_PAGE_SIZE;

/** GET /printer/printers/: paged. */
export const getPrinters = ({ limit, offset, signal }: PageParams) =>
  apiRequest<Page<Printer>>('/printer/printers/', { query: { limit, offset }, signal });
