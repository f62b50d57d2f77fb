import { useCallback, useSyncExternalStore } from 'react';
import { type CurrentLocation, readLocation, STORAGE_KEYS } from '../../lib/storage';
import { MENU_SETS, type MenuSet } from './menu';

const subscribe = (event: string) => (callback: () => void) => {
  window.addEventListener(event, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(event, callback);
    window.removeEventListener('storage', callback);
  };
};

const readMenuSet = (): MenuSet => {
  const stored = localStorage.getItem(STORAGE_KEYS.menuSet);
  return (MENU_SETS as readonly string[]).includes(stored ?? '') ? (stored as MenuSet) : 'dashboard_menu';
};

/** The chosen menu set, remembered in local storage (default: the dashboard set). */
export const useMenuSet = (): [MenuSet, (set: MenuSet) => void] => {
  const value = useSyncExternalStore(subscribe('menu-set-changed'), readMenuSet);
  const set = useCallback((next: MenuSet) => {
    localStorage.setItem(STORAGE_KEYS.menuSet, next);
    window.dispatchEvent(new Event('menu-set-changed'));
  }, []);
  return [value, set];
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
  useSyncExternalStore(subscribe('location-changed'), readLocationStable);
