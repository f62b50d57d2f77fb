import type { Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';
import { locationsKeys } from '../keys';

export type PickerTab = 'company' | 'brand' | 'center' | 'store';
export type PickerItem = { id: number; description: string };
export const PICKER_PAGE_SIZE = 12;

const endpoints: Record<PickerTab, { path: string; searchKey: string }> = {
  company: { path: '/companies/', searchKey: 'description__icontains' },
  brand: { path: '/brands/', searchKey: 'description__contains' },
  center: { path: '/centers/', searchKey: 'description__icontains' },
  store: { path: '/stores/', searchKey: 'description__icontains' },
};

export const getPickerPage = ({ tab, search, page }: { tab: PickerTab; search: string; page: number }, signal?: AbortSignal) => {
  const { path, searchKey } = endpoints[tab];
  return apiRequest<Page<PickerItem>>(path, {
    query: { limit: PICKER_PAGE_SIZE, offset: page * PICKER_PAGE_SIZE, order_by: 'description', [searchKey]: search },
    signal,
  });
};

export const pickerPageQueryOptions = (params: { tab: PickerTab; search: string; page: number }) =>
  searchQueryOptions(locationsKeys.picker(params), (signal) => getPickerPage(params, signal));

/**
 * The previous answer stays while the next page or search loads, but never another tab's: a center still listed under
 * Brand would be chosen as a brand.
 */
export const usePickerPage = (params: { tab: PickerTab; search: string; page: number }, enabled: boolean) =>
  useQuery({
    ...pickerPageQueryOptions(params),
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameTab(previousQuery.queryKey, params.tab) ? previous : undefined,
  });

const sameTab = (queryKey: readonly unknown[], tab: PickerTab): boolean => {
  const params = queryKey[1];
  return typeof params === 'object' && params !== null && 'tab' in params && params.tab === tab;
};
