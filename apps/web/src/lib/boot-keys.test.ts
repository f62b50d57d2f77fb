import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage';

/**
 * boot.ts imports nothing (it runs before the app's code, as its own script), so it spells the local storage keys
 * itself: each must be the app's (lib/storage.ts), or the boot script reads a session, language or location the app
 * never wrote.
 */
describe('boot.ts storage keys', () => {
  const source = readFileSync(new URL('../boot.ts', import.meta.url), 'utf8');
  const keys = Object.fromEntries(
    [...source.matchAll(/^const (\w+)_KEY = '([^']+)';$/gm)].map(([, name, value]) => [name, value]),
  );

  it('are the app’s own, one for one', () => {
    expect(keys).toEqual({
      SESSION: STORAGE_KEYS.session,
      LANGUAGE: STORAGE_KEYS.language,
      LOCATION_ID: STORAGE_KEYS.locationId,
      LOCATION_KIND: STORAGE_KEYS.locationKind,
      LOCATION: STORAGE_KEYS.location,
    });
  });
});
