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

/** The areas of a store as last listed on this device (the count lists them offline too). */
const AREAS_KEPT = (locationId: number) => `handheld-areas:${locationId}`;
const keptAreas = (locationId: number): Area[] | undefined => {
  const kept = localStorage.getItem(AREAS_KEPT(locationId));
  // Written by this module from the API's answer below.
  return kept ? (JSON.parse(kept) as Area[]) : undefined;
};

/** GET /locations/{id}/areas/: the areas a count can be of, kept on the device for the next time it is offline. */
export const useCountAreas = (locationId: number) =>
  useQuery({
    queryKey: handheldKeys.areas(locationId),
    queryFn: async ({ signal }): Promise<Area[]> => {
      const page = await apiRequest<Page<Area>>(`/locations/${locationId}/areas/`, {
        query: { limit: 100, offset: 0 },
        silent: true,
        signal,
      });
      localStorage.setItem(AREAS_KEPT(locationId), JSON.stringify(page.results));
      return page.results;
    },
    placeholderData: keptAreas(locationId),
    enabled: locationId > 0,
    retry: false,
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
/** The pick list as last loaded on this device (shown, and picked from, offline). */
const PICKS_KEPT = (locationId: number) => `handheld-picks:${locationId}`;
const keptPicks = (locationId: number): ReplenishmentLine[] | undefined => {
  const kept = localStorage.getItem(PICKS_KEPT(locationId));
  // Written by this module from the API's answer below.
  return kept ? (JSON.parse(kept) as ReplenishmentLine[]) : undefined;
};

/** GET /locations/{id}/replenishment/: the store's pick list, kept on the device to be worked offline. */
export const usePickLines = (locationId: number) =>
  useQuery({
    queryKey: handheldKeys.picks(locationId),
    queryFn: async ({ signal }): Promise<ReplenishmentLine[]> => {
      const page = await apiRequest<Page<ReplenishmentLine>>(`/locations/${locationId}/replenishment/`, {
        query: { limit: PICK_LINES, offset: 0 },
        silent: true,
        signal,
      });
      localStorage.setItem(PICKS_KEPT(locationId), JSON.stringify(page.results));
      return page.results;
    },
    placeholderData: keptPicks(locationId),
    enabled: locationId > 0,
    retry: false,
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
