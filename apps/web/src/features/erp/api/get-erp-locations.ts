import type { Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { erpKeys } from '../keys';

type ErpLocationOption = { id: number; code: string; description: string };

/** GET /locations/: the locations the user sees (the differences' location filter). */
export const getErpLocations = (signal?: AbortSignal) =>
  apiRequest<Page<ErpLocationOption>>('/locations/', { query: { limit: 1000 }, signal });

export const useErpLocations = () =>
  useQuery({ queryKey: erpKeys.locations, queryFn: ({ signal }) => getErpLocations(signal), staleTime: 60_000 });
