import type { ItemType, Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';
import { orderWizardKeys } from '../keys';

/** The GTIN search of the add-box dialog starts after this many digits (the spec leaves it open for the wizards). */
export const GTIN_SEARCH_MIN = 3;

/** GET /types/?gtin__icontains=: GTINs of the company for the add-box dialog. */
export const searchGtins = (text: string, signal?: AbortSignal) =>
  apiRequest<Page<ItemType>>('/types/', { query: { gtin__icontains: text, limit: 20 }, signal }).then((page) => page.results);

export const searchGtinsQueryOptions = (text: string) =>
  searchQueryOptions(orderWizardKeys.gtinSearch(text), (signal) => searchGtins(text, signal), {
    enabled: text.length >= GTIN_SEARCH_MIN,
  });

export const useGtinSearch = (text: string) => useQuery(searchGtinsQueryOptions(text));
