import { apiRequest } from '../../../lib/api-client';
import { nmsUrl, useNmsMutation } from './nms-client';
import type { DeviceApplication } from './types';

/** POST /nms/deviceapp/ {device, application, version}: install an application on the reader. */
export const installDeviceApp = (body: { device: number; application: string; version: string }) =>
  apiRequest<DeviceApplication>(nmsUrl('/deviceapp/'), { method: 'POST', body, silent: true });

export const useInstallDeviceApp = () => useNmsMutation(installDeviceApp);
