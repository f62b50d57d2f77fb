import { describeGroup } from './route-checks';

/** Every route of the spec, part 4: outbound returns, movements, inventory and POS. See every-route.e2e.ts. */
describeGroup('every route: movements, returns, inventory, POS', (route) =>
  /^\/(outbound|movements|inventory|pos)\b/.test(route.path),
);
