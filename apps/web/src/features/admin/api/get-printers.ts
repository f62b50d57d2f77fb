import type { Page } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import type { Printer } from './types';

export const PRINTERS_PAGE_SIZE = 11;

/** GET /printer/printers/: paged. */
export const getPrinters = (params: { limit: number; offset: number }) =>
  apiRequest<Page<Printer>>('/printer/printers/', { query: params });
