import { READER_STATUS_FILTER } from '@rfid/contract';
import type { ReaderBus } from '../../broker/bus.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { NmsRepository } from './nms.repository.js';
import { createReaderCommands } from './nms-commands.js';
import { type InstallAppInput, installApp } from './use-cases/install-app.js';
import { listAvailableApps } from './use-cases/list-available-apps.js';
import { type ListDeviceAppsInput, listDeviceApps } from './use-cases/list-device-apps.js';
import { type ListDevicesInput, listDevices } from './use-cases/list-devices.js';
import { recordReaderStatus } from './use-cases/record-reader-status.js';
import { removeApp } from './use-cases/remove-app.js';
import { setAppRunning } from './use-cases/set-app-running.js';
import { type UpdateAppInput, updateApp } from './use-cases/update-app.js';
import { type UpdateDeviceInput, updateDevice } from './use-cases/update-device.js';

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * The NMS use cases (use-cases/*.ts) over the NMS repository and the readers' commands (MQTT), as the routes call
 * them; `listen` subscribes the readers' status messages.
 */
export const createNmsService = ({ repo, bus, log }: { repo: NmsRepository; bus: ReaderBus; log: Logger }) => {
  const deps = { repo, commands: createReaderCommands({ bus, log }) };
  return {
    devices: (user: AuthUser, query: ListDevicesInput['query']) => listDevices(deps, { user, query }),
    availableApps: () => listAvailableApps(),
    apps: (user: AuthUser, query: ListDeviceAppsInput['query']) => listDeviceApps(repo, { user, query }),
    install: (user: AuthUser, body: InstallAppInput['body']) => installApp(deps, { user, body }),
    update: (user: AuthUser, id: number, body: UpdateAppInput['body']) => updateApp(deps, { user, id, body }),
    remove: (user: AuthUser, id: number) => removeApp(deps, { user, id }),
    setRunning: (user: AuthUser, id: number, running: boolean) => setAppRunning(deps, { user, id, running }),
    updateDevice: (user: AuthUser, id: number, body: UpdateDeviceInput['body']) => updateDevice(deps, { user, id, body }),
    /** Listens to `readers/+/status`: a message that cannot be recorded is logged and left. */
    async listen(): Promise<void> {
      await bus.subscribe(
        READER_STATUS_FILTER,
        async (topic, payload) => {
          try {
            await recordReaderStatus(deps, { topic, payload, now: new Date() });
          } catch (error) {
            log.warn({ err: error, topic }, 'reader status not recorded');
          }
        },
        { shared: true },
      );
    },
  };
};
export type NmsService = ReturnType<typeof createNmsService>;
