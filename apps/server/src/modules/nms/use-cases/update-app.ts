import type { DeviceApplication, deviceAppUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';
import { toDeviceAppDto } from '../nms-dto.js';
import { requireApp, sendApp } from './nms-scope.js';

export type UpdateAppInput = { user: AuthUser; id: number; body: z.output<typeof deviceAppUpdateBodySchema> };

/**
 * PUT /nms/deviceapp/{id}/: a new configuration (and version) of an application; sent to the reader (503 when the
 * broker does not take it), then stored. Naming another reader is 400 on device.
 */
export const updateApp = async (
  { repo, commands }: { repo: Pick<NmsRepository, 'app' | 'updateApp'>; commands: Pick<ReaderCommands, 'send'> },
  { user, id, body }: UpdateAppInput,
): Promise<DeviceApplication> => {
  const app = await requireApp(repo, user, id);
  if (body.device !== undefined && body.device !== app.deviceId) throw fieldError('device', 'nms.other_device');
  const version = await sendApp(
    commands,
    app.mac,
    { command: 'configure', application: app.application, current: app.version },
    body,
  );
  await repo.updateApp(id, {
    config: body.config,
    ...(version !== app.version ? { version, versionName: `${app.application} ${version}` } : {}),
  });
  return toDeviceAppDto(await requireApp(repo, user, id));
};
