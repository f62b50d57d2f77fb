import { createHash, randomBytes } from 'node:crypto';
import {
  type CreatedReader,
  READER_ONLINE_WINDOW_MS,
  type Reader,
  ReaderConnection,
  ReaderLinkState,
  type readerCreateBodySchema,
  type readerListQuerySchema,
} from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { guardUnique, requireArea } from './admin-scope.js';
import type { ReaderRow, ReadersRepository, ReaderValues } from './readers.repository.js';

export const MAC_TAKEN = 'admin.mac_taken';
export const WORKING_MODE_LOCKED = 'admin.working_mode_locked';

/** ON when heard from (heartbeat or reads) in the last 60 s. */
export const readerState = (lastSeenAt: Date | null, now = Date.now()): 'ON' | 'OFF' =>
  lastSeenAt && now - lastSeenAt.getTime() <= READER_ONLINE_WINDOW_MS ? 'ON' : 'OFF';

export const toReaderDto = (row: ReaderRow): Reader => ({
  id: row.id,
  serial_number: row.serialNumber,
  mac_address: row.macAddress,
  working_mode: row.workingMode,
  reader_type: row.readerType,
  locationArea1: row.areaId,
  description_area_locationArea1: row.areaDescription,
  location_id: row.locationId,
  location_description: row.locationDescription,
  description: row.description,
  state: readerState(row.lastSeenAt),
  last_seen_at: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  firmware_version: row.firmwareVersion,
  connection_type: row.connectionType === ReaderConnection.Llrp ? ReaderConnection.Llrp : ReaderConnection.Push,
  llrp_host: row.llrpHost,
  llrp_port: row.llrpPort,
  llrp_antennas: row.llrpAntennas,
  llrp_power_dbm: row.llrpPowerDbm,
  llrp_link: row.linkState
    ? {
        state: linkStateOf(row.linkState),
        last_error: row.linkError,
        connected_at: row.linkConnectedAt ? row.linkConnectedAt.toISOString() : null,
        last_report_at: row.linkLastReportAt ? row.linkLastReportAt.toISOString() : null,
      }
    : null,
  version: row.version,
});

const linkStateOf = (state: string): ReaderLinkState =>
  state === ReaderLinkState.Connected || state === ReaderLinkState.Retrying ? state : ReaderLinkState.Connecting;

/** An LLRP reader needs a host (the server connects to it). */
export const assertLlrpTarget = (connectionType: string, host: string | null) => {
  if (connectionType === ReaderConnection.Llrp && !host) {
    throw new AppError('VALIDATION', {
      message: 'field.llrp_host_required',
      errors: { llrp_host: ['field.llrp_host_required'] },
    });
  }
};

/** A new device key: 32 random bytes, URL-safe; only its SHA-256 is stored (like API tokens). */
export const newDeviceKey = (): { key: string; hash: string } => {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: createHash('sha256').update(key).digest('hex') };
};

export const macConflict = () => new AppError('CONFLICT', { message: MAC_TAKEN, errors: { mac_address: [MAC_TAKEN] } });

export const createReadersService = ({ db, repo }: { db: Db; repo: ReadersRepository }) => {
  const load = (user: AuthUser, id: number) => foundOr(repo.get(user, id), 'admin.reader_not_found');
  const guard = guardUnique(macConflict);

  return {
    async list(user: AuthUser, query: z.output<typeof readerListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.list(user, query, page);
      return { count, rows: rows.map(toReaderDto) };
    },

    get: async (user: AuthUser, id: number) => toReaderDto(await load(user, id)),

    async create(user: AuthUser, body: z.output<typeof readerCreateBodySchema>): Promise<CreatedReader> {
      assertLlrpTarget(body.connection_type, body.llrp_host);
      const area = await requireArea(db, user, body.locationArea1_id);
      if (await repo.macTaken(body.mac_address)) throw macConflict();
      const { key, hash } = newDeviceKey();
      const values: ReaderValues = {
        serialNumber: body.serial_number,
        macAddress: body.mac_address,
        workingMode: body.working_mode,
        readerType: body.reader_type,
        areaId: area.id,
        locationId: area.locationId,
        description: body.description,
        connectionType: body.connection_type,
        llrpHost: body.llrp_host,
        llrpPort: body.llrp_port,
        llrpAntennas: body.llrp_antennas,
        llrpPowerDbm: body.llrp_power_dbm,
      };
      const id = await guard(() => repo.insert(user.companyId, values, hash));
      return { ...toReaderDto(await load(user, id)), device_key: key };
    },
  };
};
