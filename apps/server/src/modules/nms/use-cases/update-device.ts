import type { CommandAccepted, updateDeviceBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';
import { requireDevice } from './nms-scope.js';

export type UpdateDeviceInput = { user: AuthUser; id: number; body: z.output<typeof updateDeviceBodySchema> };

/** POST /nms/device/{id}/update_device/: sends the reader its firmware update (503 when not sent); 202 sent. */
export const updateDevice = async (
  { repo, commands }: { repo: Pick<NmsRepository, 'device'>; commands: Pick<ReaderCommands, 'send'> },
  { user, id, body }: UpdateDeviceInput,
): Promise<CommandAccepted> => {
  const device = await requireDevice(repo, user, id);
  await commands.send(device.mac, { command: 'update_device', version: body.version });
  return { id: device.id, command: 'update_device', status: 'sent' };
};
