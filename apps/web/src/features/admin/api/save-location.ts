import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { AdminLocation, LocationBody } from './types';

/**
 * POST /locations/ (new) or PUT /locations/{id}/ (from `version`: 409 when someone else changed it since), then the logo
 * (multipart) when one was picked.
 */
export const saveLocation = async ({
  id,
  body,
  logo,
  version,
}: {
  id?: number;
  body: LocationBody;
  logo?: File | null;
  version?: number;
}) => {
  const saved = await apiRequest<AdminLocation>(id ? `/locations/${id}/` : '/locations/', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
    ifMatch: id ? version : undefined,
  });
  if (logo) {
    const form = new FormData();
    form.append('logo', logo);
    await apiRequest(`/locations/${saved.id}/logo/`, { method: 'PUT', body: form, silent: true });
  }
  return saved;
};

export const useSaveLocation = () => useSavingMutation(saveLocation, adminKeys.locations);
