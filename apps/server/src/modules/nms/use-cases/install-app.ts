import type { DeviceApplication, deviceAppCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { AppError, fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';
import { toDeviceAppDto } from '../nms-dto.js';
import { AVAILABLE_APPS, requireApp, requireDevice, sendApp } from './nms-scope.js';

export type InstallAppInput = { user: AuthUser; body: z.output<typeof deviceAppCreateBodySchema> };

/**
 * POST /nms/deviceapp/: installs an application of the catalogue on a reader the user sees (404): 400 for an
 * application not in the catalogue, 409 when the reader has it; sent to the reader (503 when the broker does not take
 * it), then stored.
 */
export const installApp = async (
  {
    repo,
    commands,
  }: { repo: Pick<NmsRepository, 'device' | 'apps' | 'insertApp' | 'app'>; commands: Pick<ReaderCommands, 'send'> },
  { user, body }: InstallAppInput,
): Promise<DeviceApplication> => {
  const device = await requireDevice(repo, user, body.device);
  const known = AVAILABLE_APPS.find((a) => a.application === body.application);
  if (!known) throw fieldError('application', 'nms.unknown_application');
  if ((await repo.apps(user, device.id)).some((a) => a.application === body.application)) {
    throw new AppError('CONFLICT', { message: 'nms.already_installed' });
  }
  const version = await sendApp(
    commands,
    device.mac,
    { command: 'install', application: known.application, current: known.version },
    body,
  );
  const id = await repo.insertApp({
    deviceId: device.id,
    application: known.application,
    version,
    versionName: version === known.version ? known.version_name : `${known.application} ${version}`,
    config: body.config,
  });
  return toDeviceAppDto(await requireApp(repo, user, id));
};
