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

export const usePickerPage = (params: { tab: PickerTab; search: string; page: number }, enabled: boolean) =>
  useQuery({ ...pickerPageQueryOptions(params), enabled });
