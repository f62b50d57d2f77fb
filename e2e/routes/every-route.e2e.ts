import { describeGroup, PRINTER } from './route-checks';

/**
 * Every route of the spec, part 1: the dashboard and general pages and administration, at 1280×800 with the side
 * menu open and at 390×844, in Spanish and English, as the demo admin (role 1, who may open them all). The rules
 * checked on each page are written at the top of route-checks.ts. every-route-printing.e2e.ts,
 * every-route-orders.e2e.ts and every-route-stock.e2e.ts walk the other routes side by side (one file a worker);
 * every-role-<n>.e2e.ts the other roles. Each walk prints the routes it visited and fails on a route it did not reach.
 */
describeGroup(
  'every route: general and administration',
  (route) => !route.path.startsWith(PRINTER) && !/^\/(inbound|order|online|outbound|movements|inventory|pos)\b/.test(route.path),
);
