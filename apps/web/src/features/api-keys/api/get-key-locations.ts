import type { Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKeys } from '../keys';

type KeyLocationOption = { id: number; code: string; description: string };

/** GET /locations/: the company's locations a key may be limited to. */
export const getKeyLocations = (signal?: AbortSignal) =>
  apiRequest<Page<KeyLocationOption>>('/locations/', { query: { limit: 1000 }, signal });

export const useKeyLocations = () =>
  useQuery({ queryKey: apiKeysKeys.locations, queryFn: ({ signal }) => getKeyLocations(signal), staleTime: 60_000 });
