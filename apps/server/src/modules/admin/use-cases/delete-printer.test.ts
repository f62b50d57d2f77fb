import { describe, it } from 'vitest';
import { createDeletePrinter, type DeletePrinterRepository } from './delete-printer.js';
import { PRINTER_CHANGED } from './update-printer.js';
import { printerRow, testUser, type VersionedCase, versionedCase, versionedEditRules } from './use-case-fixtures.js';

const setup = (): VersionedCase =>
  versionedCase(printerRow, (record, get) => {
    const repo: DeletePrinterRepository = { get, remove: async (_id, expected) => record.write('deleted', expected) };
    const remove = createDeletePrinter({ repo });
    return (version) => remove({ user: testUser(), id: 5, version });
  });

describe('delete printer (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: PRINTER_CHANGED }))) it(name, rule);
});
