import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminTest from '../../test/admin-fixtures.js';
import { en, type TestApp } from '../../test/helpers.js';
import { RELABEL_NOT_FOUND } from './relabel.routes.js';

/** Issue 29, finding 6: the spec's relabelling calls answer as the spec says while the feature flag is off. */
describe('relabelling calls (feature flag off)', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let call: adminTest.CallAs;
  let cdMad: number;
  let cdBcn: number;

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    cdMad = await adminTest.locationIdByCode(t.database.db, 'CD-MAD');
    cdBcn = await adminTest.locationIdByCode(t.database.db, 'CD-BCN');
  });
  afterAll(async () => t.close());

  const emptyPage = { count: 0, next: null, previous: null, results: [] };

  it('lists nothing, in the shape of every list, to the printer menu roles', async () => {
    for (const who of ['admin@demo.local', 'brand@demo.local', 'editor@demo.local', 'printer@demo.local']) {
      for (const url of [
        '/api/relabel/',
        '/api/relabel_item/',
        '/api/relabel/?limit=5&offset=0',
        `/api/locations/${cdMad}/relabels/`,
      ]) {
        const r = await call('GET', url, who);
        expect(r.statusCode, `${url} as ${who}`).toBe(200);
        expect(r.json(), `${url} as ${who}`).toEqual(emptyPage);
      }
    }
  });

  it('answers 404 with a message for any relabelling to edit', async () => {
    const r = await call('PUT', '/api/relabel/1/', 'admin@demo.local', { location: cdMad });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(en(RELABEL_NOT_FOUND));
    expect((await call('PUT', '/api/relabel/0/', 'admin@demo.local', {})).statusCode).toBe(400);
  });

  it('refuses role 5, other locations and other companies as every location route', async () => {
    await adminTest.expectRefusals(call, [
      [403, 'GET', '/api/relabel/', 'viewer@demo.local'],
      [403, 'GET', '/api/relabel_item/', 'viewer@demo.local'],
      [403, 'PUT', '/api/relabel/1/', 'viewer@demo.local', {}],
      // printer@demo.local sees CD-MAD and CD-BCN only; the editor neither CD-BCN.
      [404, 'GET', `/api/locations/${cdBcn}/relabels/`, 'editor@demo.local'],
      [404, 'GET', `/api/locations/${foreign.locationId}/relabels/`, 'admin@demo.local'],
    ]);
    expect((await call('GET', `/api/locations/${cdBcn}/relabels/`, 'printer@demo.local')).statusCode).toBe(200);
  });

  it('refuses unknown filters like every list', async () => {
    const r = await call('GET', '/api/relabel/?location=1', 'admin@demo.local');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ location: ['Unknown filter.'] });
  });
});
