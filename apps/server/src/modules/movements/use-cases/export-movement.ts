import type { movementCsvQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { MovementRow, MovementsRepository } from '../movements.repository.js';
import { requireMovement } from './require-movement.js';

export type ExportMovementInput = { user: AuthUser; id: number; query: z.output<typeof movementCsvQuerySchema> };

/** The rows of the movement file: report_mode 1 the EPCs verified per box and side, else (0, default) boxes and GTINs. */
export type MovementExport = { order: MovementRow; timeZone: string } & (
  | { mode: 'epc'; rows: Awaited<ReturnType<MovementsRepository['epcRows']>> }
  | { mode: 'gtin'; chunks: ReturnType<MovementsRepository['csvChunks']> }
);

/**
 * GET /morders/{id}/csv/: the movement (404 when the user does not see it), its file's rows and the zone its times are
 * written in (the origin's, else the destination's).
 */
export const exportMovement = async (
  repo: Pick<MovementsRepository, 'movement' | 'fileTimeZone' | 'epcRows' | 'csvChunks'>,
  { user, id, query }: ExportMovementInput,
): Promise<MovementExport> => {
  const order = await requireMovement(repo, user, id);
  const timeZone = await repo.fileTimeZone(user, order.originLocationId ?? order.destinationLocationId);
  return (query.report_mode ?? '0') === '1'
    ? { order, timeZone, mode: 'epc', rows: await repo.epcRows(id) }
    : { order, timeZone, mode: 'gtin', chunks: repo.csvChunks(id) };
};
