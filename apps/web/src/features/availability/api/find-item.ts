import type { FindItemAnswer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from '../keys';

export type FindBy = 'epc' | 'gtin' | 'model';
export type FindSearch = { by: FindBy; text: string; location: number | null };

/** GET /find/?epc=|gtin=|model=&location=: each item type found, its counts here and in the other stores, last seen. */
export const findItem = ({ by, text, location }: FindSearch, signal?: AbortSignal) =>
  apiRequest<FindItemAnswer>('/find/', {
    query: { [by]: text, ...(location === null ? {} : { location: String(location) }) },
    signal,
  });

export const findItemQueryOptions = (search: FindSearch) =>
  queryOptions({ queryKey: availabilityKeys.find(search), queryFn: ({ signal }) => findItem(search, signal) });

/** Runs once something was searched for. */
export const useFindItem = (search: FindSearch) => useQuery({ ...findItemQueryOptions(search), enabled: search.text !== '' });
