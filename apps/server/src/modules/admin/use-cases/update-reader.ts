import { type Reader, ReaderType, type readerUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { AppError } from '../../../http/errors.js';
import { requireFound, requireFresh, type VersionedEdit, type VersionMessages, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ScopedArea } from '../admin-scope.js';
import type { ReaderRow, ReaderValues } from '../readers.repository.js';
import { assertLlrpTarget, macConflict, toReaderDto, WORKING_MODE_LOCKED } from '../readers.service.js';

export const READER_CHANGED = 'admin.reader_changed';
/** A reader someone else changed (409), or one the user may not see (404). */
export const READER_MESSAGES: VersionMessages = { stale: READER_CHANGED, missing: 'admin.reader_not_found' };

/** What editing a reader reads and writes. */
export type UpdateReaderRepository = {
  get(user: AuthUser, id: number): Promise<ReaderRow | undefined>;
  macTaken(mac: string, exceptId?: number): Promise<boolean>;
  area(user: AuthUser, areaId: number): Promise<ScopedArea>;
  /** One statement: the values and version + 1, only from `expected` when given. */
  update(id: number, values: Partial<ReaderValues>, expected: number | undefined): Promise<VersionedWrite>;
};

export type UpdateReaderInput = VersionedEdit<z.output<typeof readerUpdateBodySchema>>;

/**
 * PUT /api/readers/{id}/: the full form, or only the working mode or the reader type (the list's selects). An edit
 * made from an older version than the reader's changes nothing (409, docs/concurrency.md).
 */
export const createUpdateReader =
  ({ repo, guard }: { repo: UpdateReaderRepository; guard: <T>(work: () => Promise<T>) => Promise<T> }) =>
  async ({ user, id, body, version }: UpdateReaderInput): Promise<Reader> => {
    const current = requireFresh(await repo.get(user, id), version, READER_MESSAGES);
    const values: Partial<ReaderValues> = {};
    if (body.serial_number !== undefined) values.serialNumber = body.serial_number;
    if (body.description !== undefined) values.description = body.description;
    if (body.reader_type !== undefined) values.readerType = body.reader_type;
    if (body.connection_type !== undefined) values.connectionType = body.connection_type;
    if (body.llrp_host !== undefined) values.llrpHost = body.llrp_host;
    if (body.llrp_port !== undefined) values.llrpPort = body.llrp_port;
    if (body.llrp_antennas !== undefined) values.llrpAntennas = body.llrp_antennas;
    if (body.llrp_power_dbm !== undefined) values.llrpPowerDbm = body.llrp_power_dbm;
    assertLlrpTarget(
      values.connectionType ?? current.connectionType,
      values.llrpHost !== undefined ? values.llrpHost : current.llrpHost,
    );
    if (body.working_mode !== undefined && body.working_mode !== current.workingMode) {
      if ((body.reader_type ?? current.readerType) !== ReaderType.All) {
        throw new AppError('VALIDATION', { message: WORKING_MODE_LOCKED, errors: { working_mode: [WORKING_MODE_LOCKED] } });
      }
      values.workingMode = body.working_mode;
    }
    if (body.mac_address !== undefined && body.mac_address !== current.macAddress) {
      if (await repo.macTaken(body.mac_address, id)) throw macConflict();
      values.macAddress = body.mac_address;
    }
    if (body.locationArea1_id !== undefined && body.locationArea1_id !== current.areaId) {
      const area = await repo.area(user, body.locationArea1_id);
      values.areaId = area.id;
      values.locationId = area.locationId;
    }
    // Nothing to change: nothing written, the version stays (it was checked above).
    if (Object.keys(values).length) {
      writtenVersion(await guard(() => repo.update(id, values, version)), READER_MESSAGES);
    }
    return toReaderDto(requireFound(await repo.get(user, id), READER_MESSAGES));
  };
