import { type Page, TAG_FORMAT_LOOKUP_LIMIT, type TagCompanyFormat } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';
import { chosenLookup } from './chosen-lookup';

/** GET /printer/tag_company_format/?tag_type=&limit=10: the company's formats of a tag type (the spec's lookup limit). */
export const getTagFormats = (tagType: number, signal?: AbortSignal) =>
  apiRequest<Page<TagCompanyFormat>>('/printer/tag_company_format/', {
    query: { tag_type: tagType, limit: TAG_FORMAT_LOOKUP_LIMIT },
    signal,
  }).then((page) => page.results);

export const tagFormatsQueryOptions = (tagType: number | null) =>
  queryOptions({ ...chosenLookup(printKeys.formatsOf(tagType), tagType, getTagFormats), staleTime: 60_000 });

export const useTagFormats = (tagType: number | null) => useQuery(tagFormatsQueryOptions(tagType));
