import type { Area, HandheldSetBody, Page, SearchAnswer, StockRow } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const handheldKeys = {
  areas: (locationId: number) => ['handheld', 'areas', locationId] as const,
  expected: (areaId: number) => ['handheld', 'expected', areaId] as const,
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

/** POST /locations/{id}/handheld_sets/: the path and body of a count's reading set, as the queue sends it. */
export const handheldSetCall = (locationId: number, body: HandheldSetBody) => ({
  path: `/locations/${locationId}/handheld_sets/`,
  body,
});

/** GET /search/?q=…: what a scanned barcode names (a box's page among them). */
export const searchBarcode = (q: string, locationId: number) =>
  apiRequest<SearchAnswer>('/search/', { query: { q, location: locationId }, silent: true });
