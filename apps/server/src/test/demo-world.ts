import { afterAll, beforeAll } from 'vitest';
import { type DemoApp, type DemoUser, openDemoApp } from '../modules/orders/inbound-fixtures.js';
import type { buildTestApp } from './helpers.js';

/**
 * An API test file's demo world, as `openDemoApp` answers it: the app, the demo ids and a token of each demo user, read
 * as `demo.t`, `demo.ids`, `demo.admin`… within the file's hooks and tests, and the id of a demo location by its code.
 */
export type DemoWorld = Readonly<DemoApp> & { locationId(code: string): number };

/**
 * The demo world of a test file: opened before its tests (the app built with `build`, on the demo data), closed after
 * them. Call it first in the `describe`, so that the file's own `beforeAll` runs on an open world.
 */
export const demoWorld = ({
  build,
  timeoutMs,
}: {
  build?: Parameters<typeof buildTestApp>[0];
  timeoutMs?: number;
} = {}): DemoWorld => {
  let opened: DemoApp | undefined;
  beforeAll(async () => {
    opened = await openDemoApp(build);
  }, timeoutMs);
  afterAll(async () => opened?.t.close());
  const open = (): DemoApp => {
    if (!opened) throw new Error('the demo world is read before its beforeAll opened it');
    return opened;
  };
  const token = (user: DemoUser) => open()[user];
  return {
    get t() {
      return open().t;
    },
    get ids() {
      return open().ids;
    },
    get admin() {
      return token('admin');
    },
    get brand() {
      return token('brand');
    },
    get editor() {
      return token('editor');
    },
    get printer() {
      return token('printer');
    },
    get viewer() {
      return token('viewer');
    },
    locationId(code) {
      const id = open().ids.locations[code];
      if (id === undefined) throw new Error(`no demo location ${code}`);
      return id;
    },
  };
};
