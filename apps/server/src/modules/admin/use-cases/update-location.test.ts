import { describe, expect, it } from 'vitest';
import type { LocationRow } from '../../locations/locations.repository.js';
import { createUpdateLocation, LOCATION_CHANGED, type UpdateLocationRepository } from './update-location.js';
import { expectStatus, testUser, type VersionedCase, versionedCase, versionedEditRules } from './use-case-fixtures.js';

const locationRow = (version: number): LocationRow => ({
  id: 2,
  companyId: 1,
  brandId: 1,
  brandDescription: 'Marca',
  kind: 'center',
  description: 'CD Madrid',
  code: 'CD-MAD',
  active: true,
  streetName: 'Calle',
  streetNum: 1,
  city: 'Madrid',
  postalCode: 28001,
  country: 'ES',
  phone: '',
  email: '',
  observations: '',
  floor: '1',
  logoMime: null,
  timeZone: 'Europe/Madrid',
  gln: null,
  version,
});

const body = {
  description: 'CD Madrid',
  code: 'CD-MAD',
  kind: 'center' as const,
  brand: 1,
  phone: '',
  email: '',
  observations: 'Muelle nuevo',
  floor: '1',
  address: { street_name: 'Calle', street_num: 1, city: 'Madrid', postal_code: 28001, country: 'ES' },
};

const setup = ({ role = 1, active }: { role?: number; active?: boolean } = {}): VersionedCase =>
  versionedCase(locationRow, (record, getLocation) => {
    const repo: UpdateLocationRepository = {
      getLocation,
      findBrand: async () => ({ id: 1 }),
      codeTaken: async () => false,
      glnTaken: async () => false,
      update: async (_id, values, expected) => record.write(values, expected),
    };
    const update = createUpdateLocation({ repo });
    return (version) =>
      update({ user: testUser({ role }), id: 2, body: { ...body, ...(active === undefined ? {} : { active }) }, version });
  });

describe('update location (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: LOCATION_CHANGED }))) it(name, rule);

  it('refuses the active flag to roles above 1 (403), writing nothing', async () => {
    const { run, record } = setup({ role: 2, active: false });
    await expectStatus(run(3), 403);
    expect(record.state.writes).toEqual([]);
  });
});
