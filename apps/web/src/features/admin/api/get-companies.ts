import type { Company, Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /companies/ for the company user form. */
export const getCompanies = (signal?: AbortSignal) =>
  apiRequest<Page<Company>>('/companies/', { query: { order_by: 'description', limit: 100 }, signal });

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.companies, queryFn: ({ signal }) => getCompanies(signal), staleTime: 60_000 });

export const useCompanies = () => useQuery(companiesQueryOptions());
