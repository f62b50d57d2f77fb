import { useQuery } from '@tanstack/react-query';
import { useCurrentLocation } from '../../lib/current-location';
import { isAuthenticated } from '../../lib/storage';
import { useIdentity } from '../auth';
import { defaultLocationQueryOptions } from './api/get-default-location';

/**
 * The signed-in identity, and whether the shell may show its page: once a location is chosen, or, on the first
 * sign-in, once the user's default location (its first center by id, else its first location) is saved as the
 * header's choice. `hasNoLocation`: the user has no location at all (an administrator has to assign one).
 */
export const useIdentityWithDefaultLocation = () => {
  const identity = useIdentity();
  const chosen = useCurrentLocation();
  const fallback = useQuery({ ...defaultLocationQueryOptions(), enabled: !chosen && isAuthenticated() });
  const isLocationSettled = Boolean(chosen) || fallback.isSuccess || fallback.isError;
  return { identity, isLocationSettled, hasNoLocation: !chosen && fallback.isSuccess && fallback.data === null };
};
