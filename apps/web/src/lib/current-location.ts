import { useSyncExternalStore } from 'react';
import { type CurrentLocation, readLocation } from './storage';

/** Subscribes to a same-tab event and to other tabs' storage changes (for `useSyncExternalStore`). */
export const subscribeTo = (event: string) => (callback: () => void) => {
  window.addEventListener(event, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(event, callback);
    window.removeEventListener('storage', callback);
  };
};

let cachedLocation: CurrentLocation | null = null;
const readLocationStable = (): CurrentLocation | null => {
  const next = readLocation();
  if (
    next?.id !== cachedLocation?.id ||
    next?.description !== cachedLocation?.description ||
    next?.kind !== cachedLocation?.kind
  ) {
    cachedLocation = next;
  }
  return cachedLocation;
};

/** The location chosen in the header's picker. */
export const useCurrentLocation = (): CurrentLocation | null =>
  useSyncExternalStore(subscribeTo('location-changed'), readLocationStable);
