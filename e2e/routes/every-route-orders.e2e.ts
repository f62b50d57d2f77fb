import { describeGroup } from './route-checks';

/** Every route of the spec, part 3: purchase orders (inbound) and their box verifications, online orders. See every-route.e2e.ts. */
describeGroup('every route: inbound and online orders', (route) => /^\/(inbound|order|online)\b/.test(route.path));
