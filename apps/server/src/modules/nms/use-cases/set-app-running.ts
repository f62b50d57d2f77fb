import type { DeviceApplication } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';
import { toDeviceAppDto } from '../nms-dto.js';
import { requireApp } from './nms-scope.js';

/**
 * POST /nms/deviceapp/{id}/start/ and stop/: the desired state is sent (503 when not sent) and stored; `running`
 * changes when the reader reports it.
 */
export const setAppRunning = async (
  { repo, commands }: { repo: Pick<NmsRepository, 'app' | 'setDesired'>; commands: Pick<ReaderCommands, 'send'> },
  { user, id, running }: { user: AuthUser; id: number; running: boolean },
): Promise<DeviceApplication> => {
  const app = await requireApp(repo, user, id);
  await commands.send(app.mac, { command: running ? 'start' : 'stop', application: app.application });
  await repo.setDesired(id, running);
  return toDeviceAppDto(await requireApp(repo, user, id));
};
