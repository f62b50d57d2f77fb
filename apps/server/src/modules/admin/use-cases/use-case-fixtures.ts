import { expect } from 'vitest';
import type { VersionedWrite } from '../../../db/versions.js';
import { AppError } from '../../../http/errors.js';
import { StaleVersionError } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrinterRow } from '../printers.repository.js';
import type { ReaderRow } from '../readers.repository.js';
import type { UserRow } from '../users.repository.js';

/** A signed-in user of company 1 (role 1 unless told). */
export const testUser = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  companyId: 1,
  role: 1,
  editor: true,
  email: 'admin@demo.local',
  locationIds: null,
  assignedLocationIds: [],
  tokenHash: 'token-hash',
  ...over,
});

/**
 * A fake record with a version, written as the SQL writes it: `write(values, expected)` takes the values and bumps the
 * version unless `expected` is given and older; `bumpBehind()` is another edit that lands between a use case's read
 * and its write (the race the single statement closes); `writes` lists what was written.
 */
export const fakeVersioned = (version = 1) => {
  const state = { version, exists: true, writes: [] as unknown[] };
  return {
    state,
    write(values: unknown, expected: number | undefined): VersionedWrite {
      if (!state.exists) return { missing: true };
      if (expected !== undefined && expected !== state.version) return { stale: state.version };
      state.version += 1;
      state.writes.push(values);
      return { written: state.version };
    },
    bumpBehind() {
      state.version += 1;
    },
  };
};

/** Expects `work` to be refused as a stale edit (409) naming `key`, with the record's version now. */
export const expectStale = async (work: Promise<unknown>, key: string, current: number) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StaleVersionError);
  const stale = error as StaleVersionError;
  expect({ status: stale.status, key: stale.text.key, current: stale.currentVersion }).toEqual({ status: 409, key, current });
};

/** Expects `work` to be refused with `status`. */
export const expectStatus = async (work: Promise<unknown>, status: number) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
};

/** A use case over one fake versioned record: `run(version)` calls it; `raceNextRead()` makes the next read stale. */
export type VersionedCase = {
  record: ReturnType<typeof fakeVersioned>;
  run: (version: number | undefined) => Promise<unknown>;
  /** After the next read of the record, another edit lands (before the use case writes). */
  raceNextRead: () => void;
  /** The record is gone (or another company's): the use case's read finds nothing. */
  hide: () => void;
};

/**
 * A fake record at version 3 and its reader, which can be raced (`raceNextRead`) or hidden (`hide`); `toRow` builds the
 * row read. `{ record, ...reads }` of it and a `run` make a `VersionedCase`.
 */
export const raceableRecord = <R>(toRow: (version: number) => R) => {
  const record = fakeVersioned(3);
  let isRacing = false;
  let isHidden = false;
  return {
    record,
    read: async (): Promise<R | undefined> => {
      if (isHidden) return undefined;
      const row = toRow(record.state.version);
      if (isRacing) {
        isRacing = false;
        record.bumpBehind();
      }
      return row;
    },
    raceNextRead: () => {
      isRacing = true;
    },
    hide: () => {
      isHidden = true;
      record.state.exists = false;
    },
  };
};

/**
 * A `VersionedCase` on a raceable record of `toRow` (at version 3): `runOn` makes the use case's `run` from the record,
 * which the fake repository writes, and its reader, which the fake repository's read is.
 */
export const versionedCase = <R>(
  toRow: (version: number) => R,
  runOn: (record: ReturnType<typeof fakeVersioned>, read: () => Promise<R | undefined>) => VersionedCase['run'],
): VersionedCase => {
  const { record, ...reads } = raceableRecord(toRow);
  return { record, ...reads, run: runOn(record, reads.read) };
};

/** The rules every versioned edit keeps (docs/concurrency.md), checked on `setup()`'s use case. */
export const versionedEditRules = (
  setup: () => VersionedCase,
  { stale, notFoundStatus = 404 }: { stale: string; notFoundStatus?: number },
) => {
  return {
    'writes from the current version and answers version + 1': async () => {
      const { record, run } = setup();
      await run(3);
      expect(record.state).toMatchObject({ version: 4 });
      expect(record.state.writes).toHaveLength(1);
    },
    'refuses an older version before writing anything (409, the version now)': async () => {
      const { record, run } = setup();
      await expectStale(run(2), stale, 3);
      expect(record.state.writes).toEqual([]);
    },
    'refuses when another edit lands between its read and its write (the statement checks the version)': async () => {
      const { record, run, raceNextRead } = setup();
      raceNextRead();
      await expectStale(run(3), stale, 4);
      expect(record.state.writes).toEqual([]);
    },
    'writes without a version, as before versions (last write wins)': async () => {
      const { record, run, raceNextRead } = setup();
      raceNextRead();
      await run(undefined);
      expect(record.state.version).toBe(5);
      expect(record.state.writes).toHaveLength(1);
    },
    'refuses a record the user may not see, whatever the version': async () => {
      const { record, run, hide } = setup();
      hide();
      await expectStatus(run(3), notFoundStatus);
      expect(record.state.writes).toEqual([]);
    },
  };
};

/** A row of the fake's record at `version`. */
export const readerRow = (version: number): ReaderRow => ({
  id: 7,
  companyId: 1,
  serialNumber: 'FX-1',
  macAddress: '84:24:8D:00:00:07',
  workingMode: 0,
  readerType: 0,
  areaId: 3,
  areaDescription: 'Muelle',
  locationId: 2,
  locationDescription: 'CD Madrid',
  description: '',
  lastSeenAt: null,
  firmwareVersion: '',
  connectionType: 'push',
  llrpHost: null,
  llrpPort: 5084,
  llrpAntennas: [],
  llrpPowerDbm: null,
  linkState: null,
  linkError: null,
  linkConnectedAt: null,
  linkLastReportAt: null,
  version,
});

/** A row of the fake's record at `version`. */
export const printerRow = (version: number): PrinterRow => ({
  id: 5,
  description: 'Zebra',
  mac: '84:24:8D:00:00:05',
  ipAddress: '10.0.0.5',
  port: 9100,
  areaId: 3,
  areaDescription: 'Muelle',
  locationId: 2,
  locationDescription: 'CD Madrid',
  serialNumber: '',
  dpi: 203,
  version,
});

/** A row of the fake's record at `version`. */
export const userRow = (version: number): UserRow => ({
  id: 9,
  companyId: 1,
  firstName: 'Vera',
  lastName: 'Visora',
  email: 'viewer@demo.local',
  role: 5,
  editor: false,
  version,
  isActive: true,
  deactivatedAt: null,
});
