import type { Db } from '../../db/client.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toBoxDto, toItemLineDto } from '../orders/order-dto.js';
import { createOrderPagesRepository } from '../orders/order-pages.repository.js';
import { orderPagesReads } from '../orders/use-cases/order-pages.js';
import { toMovementDto } from './movement-dto.js';
import { createMovementsRepository } from './movements.repository.js';
import { type CreateMovementInput, createMovement } from './use-cases/create-movement.js';
import { deleteMovement } from './use-cases/delete-movement.js';
import { type ExportMovementInput, exportMovement } from './use-cases/export-movement.js';
import { getMovementEntryStats } from './use-cases/get-movement-entry-stats.js';
import { getMovementExitStats } from './use-cases/get-movement-exit-stats.js';
import { type ListLocationMovementsInput, listLocationMovements } from './use-cases/list-location-movements.js';
import type { GetMovementStatsInput } from './use-cases/movement-stats.js';
import { requireMovement } from './use-cases/require-movement.js';
import { type UpdateMovementInput, updateMovement } from './use-cases/update-movement.js';

type ListQuery = ListLocationMovementsInput['query'];
type StatsQuery = GetMovementStatsInput['query'];

/** The movement use cases (use-cases/*.ts) over the movements repository, and the order pages of a movement. */
export const createMovementsService = (db: Db) => {
  const repo = createMovementsRepository(db);
  const pages = orderPagesReads(createOrderPagesRepository(db), {
    requireOrder: (user, id) => requireMovement(repo, user, id),
    sideOf: (_order, side) => ((side ?? 'exit') === 'exit' ? 'origin' : 'destination'),
    toOrder: (order, side, now) => toMovementDto(order, side ?? 'exit', now),
    toBox: (box, side, now) => toBoxDto(box, now, side),
    toLine: toItemLineDto,
  });
  return {
    ...pages,
    create: (user: AuthUser, body: CreateMovementInput['body']) => createMovement(repo, { user, body }),
    /** GET /locations/{id}/v1/exits/: movements leaving the location. */
    list: (user: AuthUser, locationId: number, query: ListQuery, page: PageParams) =>
      listLocationMovements(repo, { user, locationId, direction: 'exits', query, page }),
    /** GET /v1/morders/?destination__id={id}: movements arriving at the location. */
    listEntries: (user: AuthUser, locationId: number, query: ListQuery, page: PageParams) =>
      listLocationMovements(repo, { user, locationId, direction: 'entries', query, page }),
    /** GET /locations/{id}/morderscaware/: movements from or to the location (entry reading). */
    listAware: (user: AuthUser, locationId: number, query: ListQuery, page: PageParams) =>
      listLocationMovements(repo, { user, locationId, direction: 'either', query, page }),
    update: (user: AuthUser, id: number, body: UpdateMovementInput['body']) => updateMovement(repo, { user, id, body }),
    remove: (user: AuthUser, id: number) => deleteMovement(repo, { user, id }),
    csv: (user: AuthUser, id: number, query: ExportMovementInput['query']) => exportMovement(repo, { user, id, query }),
    exitStats: (user: AuthUser, locationId: number, query: StatsQuery) => getMovementExitStats(repo, { user, locationId, query }),
    entryStats: (user: AuthUser, locationId: number, query: StatsQuery) =>
      getMovementEntryStats(repo, { user, locationId, query }),
  };
};
export type MovementsService = ReturnType<typeof createMovementsService>;
