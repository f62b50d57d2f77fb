import { describe, expect, it } from 'vitest';
import { notFound } from '../../../http/errors.js';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { countOpenExitAlarms } from './count-open-exit-alarms.js';

describe('count open exit alarms (use case)', () => {
  it('counts every location the user sees, or the one asked for once checked', async () => {
    const asked: (number | undefined)[] = [];
    const checked: number[] = [];
    const deps = {
      repo: {
        openCount: async (_user: unknown, locationId: number | undefined) => {
          asked.push(locationId);
          return locationId === undefined ? 5 : 2;
        },
      },
      location: async (_user: unknown, locationId: number) => {
        checked.push(locationId);
        return {};
      },
    };
    expect(await countOpenExitAlarms(deps, testUser(), {})).toEqual({ count: 5 });
    expect(await countOpenExitAlarms(deps, testUser(), { locationId: 2 })).toEqual({ count: 2 });
    expect(asked).toEqual([undefined, 2]);
    expect(checked).toEqual([2]);
  });

  it('refuses a location the user does not see', async () => {
    const deps = {
      repo: { openCount: async () => 0 },
      location: async () => {
        throw notFound('location.not_found');
      },
    };
    await expectStatus(countOpenExitAlarms(deps, testUser(), { locationId: 9 }), 404);
  });
});
