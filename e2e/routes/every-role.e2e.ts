import { describe, it } from 'vitest';
import { MOBILE, useBrowser } from '../support/browser';
import { DEMO_ROLES, everyRouteEnabled, expectNoProblems, walkRoutes } from './route-checks';

/**
 * Every other role (2 to 5) at its own default location, with the rules of route-checks.ts: each role's dashboard and
 * every page without ids its menus lead to (the fixed routes it may see), in Spanish at 1280×800 with the menu open,
 * and its dashboard in English at 390×844. The routes with ids are walked as the admin by the every-route suites.
 */
describe.skipIf(!everyRouteEnabled)('every role: dashboard and menus', () => {
  const browser = useBrowser();
  for (const { email, role } of DEMO_ROLES) {
    it(`role ${role} (${email}): its fixed routes at 1280 in Spanish, its dashboard at 390 in English`, async () => {
      const wide = await walkRoutes(browser(), {
        email,
        role,
        language: 'es',
        viewport: { width: 1280, height: 800 },
        tag: `role${role}-es-1280`,
        only: (route) => !route.path.includes(':'),
      });
      const phone = await walkRoutes(browser(), {
        email,
        role,
        language: 'en',
        viewport: MOBILE,
        tag: `role${role}-en-390`,
        only: (route) => route.path === '/dashboard',
      });
      expectNoProblems([...wide.problems, ...phone.problems]);
    }, 180_000);
  }
});
