import type { CommandAccepted } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { nmsUrl, useNmsMutation } from './nms-client';

/** POST /nms/device/{id}/update_device/ {version}: ask the reader to update its firmware. */
export const updateDeviceFirmware = ({ id, version }: { id: number; version: string }) =>
  apiRequest<CommandAccepted>(nmsUrl(`/device/${id}/update_device/`), { method: 'POST', body: { version }, silent: true });

export const useUpdateDeviceFirmware = () => useNmsMutation(updateDeviceFirmware);
