import type { Page } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import type { CurrentLocation } from '../../../lib/storage';

/** The first center by id is the default location; a user without centers gets its first location. */
export const getDefaultLocation = async (): Promise<CurrentLocation | null> => {
  const query = { limit: 1, offset: 0, order_by: 'id' };
  const centers = await apiRequest<Page<CurrentLocation>>('/centers/', { query });
  const first = centers.results[0] ?? (await apiRequest<Page<CurrentLocation>>('/locations/', { query })).results[0];
  return first ? { id: first.id, description: first.description } : null;
};
