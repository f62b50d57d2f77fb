import type { Db } from '../../db/client.js';
import { createAdminLocationsRepository } from '../../modules/admin/admin-locations.repository.js';
import * as adminScopeRepository from '../../modules/admin/admin-scope.repository.js';
import { createAreasRepository } from '../../modules/admin/areas.repository.js';
import { createPrintersRepository } from '../../modules/admin/printers.repository.js';
import { createReadersRepository } from '../../modules/admin/readers.repository.js';
import { createUsersRepository } from '../../modules/admin/users.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

/** A printer's values, as inserted and as updated. */
const printerValues: Parameters<ReturnType<typeof createPrintersRepository>['insert']>[1] = {
  description: 'description',
  mac: 'mac',
  ipAddress: 'ipAddress',
  port: 1,
  areaId: 1,
  locationId: 1,
  serialNumber: 'serialNumber',
};

export const printersCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('admin.printers', 'modules/admin/printers.repository.ts', createPrintersRepository(db), {
    list: [user, {}, { limit: 1, offset: 1 }],
    get: [user, 1],
    insert: [1, printerValues],
    area: [user, 1],
    update: [1, printerValues, 1],
    remove: [1, 1],
  });

export const readersCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('admin.readers', 'modules/admin/readers.repository.ts', createReadersRepository(db), {
    list: [user, {}, { limit: 1, offset: 1 }],
    get: [user, 1],
    macTaken: ['mac'],
    insert: [
      1,
      {
        serialNumber: 'serialNumber',
        macAddress: 'macAddress',
        workingMode: 1,
        readerType: 1,
        areaId: 1,
        locationId: 1,
        description: 'description',
        connectionType: 'connectionType',
        llrpHost: 'llrpHost',
        llrpPort: 1,
        llrpAntennas: [1],
        llrpPowerDbm: 1,
      },
      'deviceKeyHash',
    ],
    area: [user, 1],
    update: [1, {}, 1],
    rotateKey: [1, 'deviceKeyHash', 1],
  });

export const areasCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('admin.areas', 'modules/admin/areas.repository.ts', createAreasRepository(db), {
    list: [user, {}, { limit: 1, offset: 1 }],
    get: [user, 1],
    glnExtensionTaken: [1, 'extension'],
    insert: [{ description: 'description', stock: 1, locationId: 1, kind: 'stockroom' }],
    location: [user, 1],
    update: [1, { description: 'description', locationId: 1 }, 1],
  });

export const usersCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('admin.users', 'modules/admin/users.repository.ts', createUsersRepository(db), {
    list: [1, 1, {}, { limit: 1, offset: 1 }],
    get: [1, 1, 1],
    locationsOf: [[1]],
    visibleLocationIds: [user, [1]],
    emailTaken: ['email'],
    insert: [
      1,
      { firstName: 'firstName', lastName: 'lastName', email: 'email', role: 1, editor: true, passwordHash: 'passwordHash' },
      [1],
    ],
    update: [1, { firstName: 'firstName', lastName: 'lastName', email: 'email', role: 1, editor: true }, [1], { expected: 1 }],
    setActive: [1, true, new Date('2026-01-01T00:00:00.000Z')],
    remove: [1, 1],
  });

/** A location's values, as inserted and as updated. */
const locationValues: Parameters<ReturnType<typeof createAdminLocationsRepository>['insert']>[1] = {
  description: 'description',
  code: 'code',
  kind: 'center',
  brandId: 1,
  phone: 'phone',
  email: 'email',
  observations: 'observations',
  floor: 'floor',
  streetName: 'streetName',
  streetNum: 1,
  city: 'city',
  postalCode: 1,
  country: 'country',
};

export const adminLocationsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('admin.admin-locations', 'modules/admin/admin-locations.repository.ts', createAdminLocationsRepository(db), {
    findBrand: [1, 1],
    codeTaken: [1, 'code'],
    glnTaken: [1, 'gln'],
    insert: [1, locationValues],
    update: [1, locationValues, 1],
    saveLogo: [1, 'mime', Buffer.from('x')],
    getLogo: [user, 1],
    activeLocations: [1],
  });

export const adminScopeCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'admin.admin-scope',
    'modules/admin/admin-scope.repository.ts',
    { requireArea: adminScopeRepository.requireArea },
    {
      requireArea: [db, user, 1],
    },
  );
