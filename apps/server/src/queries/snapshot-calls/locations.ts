import type { Db } from '../../db/client.js';
import * as locationScopeRepository from '../../modules/locations/location-scope.repository.js';
import { createLocationsRepository } from '../../modules/locations/locations.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const locationsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('locations.locations', 'modules/locations/locations.repository.ts', createLocationsRepository(db), {
    listLocations: [user, {}, { limit: 1, offset: 1 }, {}],
    getLocation: [user, 1],
    timeZones: [],
    companyTimeZone: [1],
    listBrands: [user, {}, { limit: 1, offset: 1 }],
    listCompanies: [user, {}, { limit: 1, offset: 1 }],
  });

export const locationScopeCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'locations.location-scope',
    'modules/locations/location-scope.repository.ts',
    {
      findVisibleLocation: locationScopeRepository.findVisibleLocation,
      companyLocationsByIds: locationScopeRepository.companyLocationsByIds,
      timeZoneOfLocation: locationScopeRepository.timeZoneOfLocation,
      timeZoneOfCompany: locationScopeRepository.timeZoneOfCompany,
    },
    {
      findVisibleLocation: [db, user, 1],
      companyLocationsByIds: [db, 1, [1]],
      timeZoneOfLocation: [db, 1, 1],
      timeZoneOfCompany: [db, 1],
    },
  );
