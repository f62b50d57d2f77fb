import type {
  Area,
  HandheldReceiptBody,
  HandheldSetBody,
  Page,
  PickBody,
  ReplenishmentLine,
  SearchAnswer,
  StockRow,
} from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const handheldKeys = {
  areas: (locationId: number) => ['handheld', 'areas', locationId] as const,
  expected: (areaId: number) => ['handheld', 'expected', areaId] as const,
  picks: (locationId: number) => ['handheld', 'picks', locationId] as const,
};

/**
 * GET `path` (one page of `limit` rows) of a store: a list this device keeps (localStorage `storageKey`) and shows
 * while it is offline, until the API answers again.
 */
const useKeptList = <T>({
  queryKey,
  storageKey,
  path,
  limit,
  locationId,
  staleTime,
}: {
  queryKey: readonly unknown[];
  storageKey: string;
  path: string;
  limit: number;
  locationId: number;
  staleTime: number;
}) => {
  const kept = localStorage.getItem(storageKey);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<T[]> => {
      const page = await apiRequest<Page<T>>(path, { query: { limit, offset: 0 }, silent: true, signal });
      localStorage.setItem(storageKey, JSON.stringify(page.results));
      return page.results;
    },
    // Written by this hook from the API's answer above.
    placeholderData: kept ? (JSON.parse(kept) as T[]) : undefined,
    enabled: locationId > 0,
    retry: false,
    staleTime,
  });
};

/** GET /locations/{id}/areas/: the areas a count can be of, kept on the device for the next time it is offline. */
export const useCountAreas = (locationId: number) =>
  useKeptList<Area>({
    queryKey: handheldKeys.areas(locationId),
    storageKey: `handheld-areas:${locationId}`,
    path: `/locations/${locationId}/areas/`,
    limit: 100,
    locationId,
    staleTime: 60_000,
  });

/**
 * GET /areas/{id}/summary/ (1,000 GTINs at most): the units the area should hold, for the count's "of N expected".
 * The service worker keeps this answer (vite.config.ts), so a count started offline shows it once it was loaded.
 */
export const useExpectedStock = (areaId: number | null) =>
  useQuery(
    queryOptions({
      queryKey: handheldKeys.expected(areaId ?? 0),
      queryFn: async ({ signal }) => {
        const page = await apiRequest<Page<StockRow>>(`/areas/${areaId}/summary/`, {
          query: { order_by: '-count', limit: 1000, offset: 0 },
          silent: true,
          signal,
        });
        return page.results.reduce((sum, row) => sum + row.count, 0);
      },
      enabled: areaId !== null,
      retry: false,
      staleTime: 60_000,
    }),
  );

/** Lines of the pick list the handheld shows: the first ones, most sold first (the list is worked from the top). */
const PICK_LINES = 100;
/** GET /locations/{id}/replenishment/: the store's pick list, kept on the device to be worked offline. */
export const usePickLines = (locationId: number) =>
  useKeptList<ReplenishmentLine>({
    queryKey: handheldKeys.picks(locationId),
    storageKey: `handheld-picks:${locationId}`,
    path: `/locations/${locationId}/replenishment/`,
    limit: PICK_LINES,
    locationId,
    staleTime: 30_000,
  });

/**
 * POST /locations/{id}/replenishment/picks/: the path and body of a pick as the queue sends it; the body's `id` (the
 * queue's key) makes a resend answer the first pick.
 */
export const pickCall = (locationId: number, body: PickBody & { id: string }) => ({
  path: `/locations/${locationId}/replenishment/picks/`,
  body,
});

/** POST /locations/{id}/handheld_sets/: the path and body of a count's reading set, as the queue sends it. */
export const handheldSetCall = (locationId: number, body: HandheldSetBody) => ({
  path: `/locations/${locationId}/handheld_sets/`,
  body,
});

/**
 * POST /locations/{id}/handheld_receipts/: the path and body of a box's receipt (its barcode and the EPCs read), as the
 * queue sends it; the body's `id` (the queue's key) makes a resend a no-op.
 */
export const handheldReceiptCall = (locationId: number, body: HandheldReceiptBody) => ({
  path: `/locations/${locationId}/handheld_receipts/`,
  body,
});

/** GET /search/?q=…: what a scanned barcode names (a box's page among them). */
export const searchBarcode = (q: string, locationId: number) =>
  apiRequest<SearchAnswer>('/search/', { query: { q, location: locationId }, silent: true });
