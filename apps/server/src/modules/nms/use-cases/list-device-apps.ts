import type { DeviceApplication, deviceAppQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import { toDeviceAppDto } from '../nms-dto.js';

export type ListDeviceAppsInput = { user: AuthUser; query: z.output<typeof deviceAppQuerySchema> };

/** GET /nms/deviceapp/: the applications of the readers the user sees, or of one reader. */
export const listDeviceApps = async (
  repo: Pick<NmsRepository, 'apps'>,
  { user, query }: ListDeviceAppsInput,
): Promise<DeviceApplication[]> => (await repo.apps(user, query.device)).map(toDeviceAppDto);
