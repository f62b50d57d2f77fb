import type { BoxAreaSeen, boxAreaSeenQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageRequestInput } from '../../use-case-input.js';
import { toSeen } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';
import type { Page } from './stock-scope.js';

export type ListBoxesSeenInput = PageRequestInput<'areaId', z.output<typeof boxAreaSeenQuerySchema>>;

/** GET /boxareaseens/{areaId}/: the barcodes read in an area (cycles, detections, last date). */
export const listBoxesSeen = async (
  repo: Pick<StockRepository, 'area' | 'boxesSeen'>,
  { user, areaId, query, page }: ListBoxesSeenInput,
): Promise<Page<BoxAreaSeen>> => {
  const area = await repo.area(user, areaId);
  const { count, rows } = await repo.boxesSeen({
    companyId: user.companyId,
    areaId: area.id,
    codebar: query.codebar__icontains || undefined,
    orderBy: query.order_by,
    page,
  });
  return { count, results: rows.map((r) => toSeen(area, r)) };
};
