import { beforeAll, describe, it } from 'vitest';
import { type Place, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';
import { everyRouteSuite } from './route-checks';

/**
 * Every route of the spec at 1280×800 with the side menu open, in Spanish, as the demo admin (role 1, who may see
 * them all). The rules checked on each page are written at the top of route-checks.ts; every-route-*.e2e.ts run the
 * other sizes and languages side by side (one file a worker), every-role.e2e.ts the other roles.
 */
describe('every route at 1280×800 in Spanish', () => {
  const browser = useBrowser();
  let places = { center: { id: 0, description: '' } as Place, store: { id: 0, description: '' } as Place };
  beforeAll(async () => {
    const api = await apiAs('admin@demo.local');
    places = { center: await findLocation(api, 'CD-MAD'), store: await findLocation(api, 'T-MAD-01') };
  });

  it(
    'es 1280: no overflow, no English, no console error, no 5xx',
    everyRouteSuite({ language: 'es', viewport: { width: 1280, height: 800 }, tag: 'es-1280' }, { browser, places: () => places }),
    180_000,
  );
});
