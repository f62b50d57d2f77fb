import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildUrl, languageHeader } from '../../../lib/api-client';
import { fetchWaitingOutLoad } from '../../../lib/load-retry';
import { readSession } from '../../../lib/storage';
import { adminKeys } from './admin-keys';

/**
 * GET /locations/{id}/logo/: the logo needs the token header, which an <img src> cannot send, so it
 * is fetched here and shown through an object URL.
 */
export const getLocationLogo = async (id: number, signal?: AbortSignal): Promise<string | null> => {
  const session = readSession();
  const response = await fetchWaitingOutLoad(buildUrl(`/locations/${id}/logo/`), {
    headers: { ...languageHeader(), ...(session ? { Authorization: `Token ${session.token}` } : {}) },
    signal,
  });
  if (!response.ok) return null;
  return URL.createObjectURL(await response.blob());
};

export const locationLogoQueryOptions = (id: number, version: string | null) =>
  queryOptions({
    queryKey: adminKeys.locationLogo(id, version),
    queryFn: ({ signal }) => getLocationLogo(id, signal),
    staleTime: Infinity,
  });

/** The logo as an object URL, or null when the location has none. */
export const useLocationLogo = (id: number, logo: string | null | undefined) =>
  useQuery({ ...locationLogoQueryOptions(id, logo ?? null), enabled: id > 0 && Boolean(logo) });
