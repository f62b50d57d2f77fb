import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisRepository } from '../epcis-store.repository.js';

/** GET /epcis/events/{eventID}: one event the user sees, as it was captured (404 otherwise). */
export const getEvent = async (
  repo: Pick<EpcisRepository, 'eventById'>,
  { user, eventId }: { user: AuthUser; eventId: string },
): Promise<Record<string, unknown>> => {
  const row = await foundOr(repo.eventById(user, eventId), 'epcis.event_not_found');
  return row.document;
};
