import type { Page, TagType } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';

/** GET /tag_types/?company_formats=true: the tag types the company has a format for. */
export const getTagTypes = (signal?: AbortSignal) =>
  apiRequest<Page<TagType>>('/tag_types/', { query: { company_formats: 'true', limit: 100 }, signal }).then(
    (page) => page.results,
  );

export const tagTypesQueryOptions = () =>
  queryOptions({ queryKey: printKeys.tagTypes, queryFn: ({ signal }) => getTagTypes(signal), staleTime: 60_000 });

export const useTagTypes = () => useQuery(tagTypesQueryOptions());
