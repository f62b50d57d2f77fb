import { describe, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { DEMO_ROLES, everyRouteEnabled, SCREENS, WALK_TIMEOUT, walkRole } from './route-checks';

/**
 * Every other role (2 to 5) at its own default location, with the rules of route-checks.ts, in `npm test`: each role's
 * dashboard and every page without ids its menus lead to (the fixed routes it may see), in Spanish at 1280×800 with
 * the menu open; the routes with ids are walked as the admin by the every-route suites. Without axe-core here: the
 * admin's walks run it on every route on both screens, and a lower role's page is the same page with fewer actions
 * (the matrix, every-role-<n>.e2e.ts, runs it for every role). The full matrix (each role on
 * every route it may see, on every screen) is every-role-<n>.e2e.ts, with E2E_EVERY_ROUTE=1 (`npm run test:routes`),
 * which skips this file: the matrix covers it.
 */
describe.skipIf(everyRouteEnabled)('every role: its fixed routes', () => {
  const browser = useBrowser();
  const screen = SCREENS.find((candidate) => candidate.tag === 'es-1280') ?? SCREENS[0];
  for (const user of DEMO_ROLES) {
    it(
      `role ${user.role} (${user.email}), es-1280: its fixed routes`,
      walkRole(browser, user, screen, (route) => !route.path.includes(':'), false),
      WALK_TIMEOUT,
    );
  }
});
