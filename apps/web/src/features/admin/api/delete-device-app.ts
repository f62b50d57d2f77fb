import { apiRequest } from '../../../lib/api-client';
import { nmsUrl, useNmsMutation } from './nms-client';

/** DELETE /nms/deviceapp/{id}/ */
export const deleteDeviceApp = (id: number) => apiRequest(nmsUrl(`/deviceapp/${id}/`), { method: 'DELETE', silent: true });

export const useDeleteDeviceApp = () => useNmsMutation(deleteDeviceApp);
