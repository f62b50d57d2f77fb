import { describe, expect, it } from 'vitest';
import { createUpdatePrinter, PRINTER_CHANGED, type UpdatePrinterRepository } from './update-printer.js';
import {
  expectStatus,
  printerRow,
  testUser,
  type VersionedCase,
  versionedCase,
  versionedEditRules,
} from './use-case-fixtures.js';

const body = {
  description: 'Zebra 2',
  mac: '84:24:8D:00:00:05',
  location_area: 3,
  ip_address: '10.0.0.6',
  port: 9100,
  serial_number: '',
};

const setup = (ipAddress = body.ip_address): VersionedCase =>
  versionedCase(printerRow, (record, get) => {
    const repo: UpdatePrinterRepository = {
      get,
      area: async () => ({ id: 3, description: 'Muelle', locationId: 2, companyId: 1, locationDescription: 'CD Madrid' }),
      update: async (_id, values, expected) => record.write(values, expected),
    };
    const update = createUpdatePrinter({ repo, addresses: { allowLoopback: false } });
    return (version) => update({ user: testUser(), id: 5, body: { ...body, ip_address: ipAddress }, version });
  });

describe('update printer (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: PRINTER_CHANGED }))) it(name, rule);

  it('checks the address before writing: a refused one writes nothing, whatever the version', async () => {
    const { run, record } = setup('169.254.1.1');
    await expectStatus(run(3), 400);
    expect(record.state.writes).toEqual([]);
  });
});
