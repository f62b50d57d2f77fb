import { apiRequest } from '../../../lib/api-client';
import { nmsUrl, useNmsMutation } from './nms-client';
import type { DeviceApplication } from './types';

/** PUT /nms/deviceapp/{id}/ {config, device, version}. */
export const updateDeviceApp = (app: Pick<DeviceApplication, 'id' | 'config' | 'device' | 'version'>) =>
  apiRequest<DeviceApplication>(nmsUrl(`/deviceapp/${app.id}/`), {
    method: 'PUT',
    body: { config: app.config, device: app.device, version: app.version },
    silent: true,
  });

export const useUpdateDeviceApp = () => useNmsMutation(updateDeviceApp);
