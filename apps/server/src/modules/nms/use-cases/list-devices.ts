import { isValidMac, type NmsDevice, type nmsDeviceQuerySchema, normalizeMac } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';
import { toDeviceDto } from '../nms-dto.js';

export type ListDevicesInput = { user: AuthUser; query: z.output<typeof nmsDeviceQuerySchema> };

/** GET /nms/device/: the readers the user sees, or the one of a MAC (any notation; none for a malformed MAC). */
export const listDevices = async (
  { repo, commands }: { repo: Pick<NmsRepository, 'devices'>; commands: Pick<ReaderCommands, 'isConnected'> },
  { user, query }: ListDevicesInput,
): Promise<NmsDevice[]> => {
  if (query.mac !== undefined && !isValidMac(query.mac)) return [];
  const rows = await repo.devices(user, query.mac === undefined ? undefined : normalizeMac(query.mac));
  const isConnected = commands.isConnected();
  return rows.map((row) => toDeviceDto(row, isConnected));
};
