import { useEffect } from 'react';
import { readLocation, saveLocation } from '../../lib/storage';
import { useIdentity } from '../auth';
import { getDefaultLocation } from './api/get-default-location';

/**
 * The signed-in identity; on the first sign-in the first center (by id) becomes the current location, unless the
 * user picked one while the default was on its way.
 */
export const useIdentityWithDefaultLocation = () => {
  const identity = useIdentity();
  useEffect(() => {
    if (identity.data && !readLocation()) {
      void getDefaultLocation().then((location) => {
        if (location && !readLocation()) saveLocation(location);
      });
    }
  }, [identity.data]);
  return identity;
};
