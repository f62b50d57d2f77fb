import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api.js';
import { demoGtins } from './demo.js';
import { createTagFactory, seededRandom } from './epcs.js';
import { exitScenario, formatExitReport } from './exit.js';
import { epcsOf, recording } from './test/recording.js';

describe('exit scenario', () => {
  it('sells the first stock tags at the till, then passes them and unsold ones through the gate', async () => {
    const stock = ['E1', 'E2', 'E3', 'E4', 'E5'].map((n) => `3034257BF7194E40000000${n.padStart(2, '0')}`.slice(0, 24));
    const asked: Array<[string, Record<string, string | number> | undefined]> = [];
    const api: ApiClient = {
      get: async <T>(path: string, query?: Record<string, string | number>) => {
        asked.push([path, query]);
        const body =
          path === '/api/readers/'
            ? { results: [{ serial_number: 'EXIT-T01-01', location_id: 4 }] }
            : { results: stock.map((epc) => ({ epc })) };
        return body as T;
      },
      post: async <T>() => ({}) as T,
      put: async <T>() => ({}) as T,
      raw: async () => ({ status: 200, body: null }),
    };
    const random = seededRandom(3);
    const tags = createTagFactory({ gtins: demoGtins(5), companyPrefixLength: 7, serialBase: 1 });
    const gate = recording();
    const till = recording();
    const log = () => {};
    const report = await exitScenario(
      {
        api,
        gate: { device: 'EXIT-T01-01', transport: gate.transport, tags, random, log },
        till: { device: 'POS-T01-01', transport: till.transport, tags, random, log },
      },
      { sold: 2, unsold: 3 },
    );
    expect(asked[1]).toEqual(['/api/items/', { location: 4, state: 0, limit: 5 }]);
    expect(report.sold).toEqual(stock.slice(0, 2));
    expect(report.unsold).toEqual(stock.slice(2));
    expect(epcsOf(till.sets[0]).sort()).toEqual(stock.slice(0, 2).sort());
    expect(epcsOf(gate.sets[0]).sort()).toEqual([...stock].sort());
    const text = formatExitReport(report);
    expect(text.match(/should alarm/g)).toHaveLength(3);
    expect(text.match(/passes in silence/g)).toHaveLength(2);
  });
});
