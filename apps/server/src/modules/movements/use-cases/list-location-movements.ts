import type { MovementOrder, movementEntryListQuerySchema, movementExitListQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageRequestInput } from '../../use-case-input.js';
import { toMovementDto } from '../movement-dto.js';
import type { MovementsRepository } from '../movements.repository.js';

/**
 * Which movements of the location: leaving it (the exit dashboard, GET /locations/{id}/v1/exits/), arriving at it (the
 * entry dashboard, GET /v1/morders/?destination__id=) or both (GET /locations/{id}/morderscaware/).
 */
export type MovementDirection = 'exits' | 'entries' | 'either';

export type ListLocationMovementsInput = PageRequestInput<
  'locationId',
  z.output<typeof movementExitListQuerySchema> | z.output<typeof movementEntryListQuerySchema>
> & { direction: MovementDirection };

const AT = { exits: 'origin', entries: 'destination', either: 'either' } as const;

/**
 * A page of a location the user sees (404 otherwise): its movements in `direction`, filtered by the query, whose
 * date-only filters are days of the location's zone. Exits show (and filter report_type on) the origin's side; entries
 * and both ways the destination's.
 */
export const listLocationMovements = async (
  repo: Pick<MovementsRepository, 'location' | 'listMovements'>,
  { user, locationId, direction, query, page }: ListLocationMovementsInput,
): Promise<{ count: number; results: MovementOrder[] }> => {
  const { timeZone } = await repo.location(user, locationId);
  const isExit = direction === 'exits';
  const { count, rows } = await repo.listMovements({
    scope: { companyId: user.companyId, locationId, at: AT[direction] },
    query,
    page,
    side: isExit ? 'origin' : 'destination',
    timeZone,
  });
  const now = new Date();
  return { count, results: rows.map((row) => toMovementDto(row, isExit ? 'exit' : 'entry', now)) };
};
