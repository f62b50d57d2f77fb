import { describeGroup, PRINTER } from './route-checks';

/** Every route of the spec, part 2: the printer pages (prefix /bionix-printer). See every-route.e2e.ts. */
describeGroup('every route: printing', (route) => route.path.startsWith(PRINTER));
