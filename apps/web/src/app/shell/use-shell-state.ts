import { useCallback, useSyncExternalStore } from 'react';
import { subscribeTo } from '../../lib/current-location';
import { STORAGE_KEYS } from '../../lib/storage';
import { MENU_SETS, type MenuSet } from './menu';

const readMenuSet = (): MenuSet => {
  const stored = localStorage.getItem(STORAGE_KEYS.menuSet);
  return (MENU_SETS as readonly string[]).includes(stored ?? '') ? (stored as MenuSet) : 'dashboard_menu';
};

/** The chosen menu set, remembered in local storage (default: the dashboard set). */
export const useMenuSet = (): [MenuSet, (set: MenuSet) => void] => {
  const value = useSyncExternalStore(subscribeTo('menu-set-changed'), readMenuSet);
  const set = useCallback((next: MenuSet) => {
    localStorage.setItem(STORAGE_KEYS.menuSet, next);
    window.dispatchEvent(new Event('menu-set-changed'));
  }, []);
  return [value, set];
};
