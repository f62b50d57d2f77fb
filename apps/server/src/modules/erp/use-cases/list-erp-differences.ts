import type { ErpDifference, ErpDifferencesExportQuery } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toDifference } from '../erp.dto.js';
import type { ErpRepository } from '../erp.repository.js';

/**
 * GET /api/erp/differences/ (every role, in its scope): per store and GTIN, the ERP's quantity beside the RFID stock
 * and the difference (RFID − ERP). `page` null: every row (the CSV export). A `location` the user does not see is 404.
 */
export const listErpDifferences = async (
  repo: Pick<ErpRepository, 'differences' | 'seesLocation'>,
  user: AuthUser,
  query: ErpDifferencesExportQuery,
  page: PageParams | null,
): Promise<{ count: number; results: ErpDifference[] }> => {
  if (query.location !== undefined && !(await repo.seesLocation(user, query.location))) throw notFound('location.not_found');
  const { count, rows } = await repo.differences(
    user,
    {
      ...(query.location === undefined ? {} : { locationId: query.location }),
      ...(query.gtin ? { gtin: query.gtin } : {}),
      onlyDifferences: query.only_differences === 'true',
      ...(query.order_by ? { orderBy: query.order_by } : {}),
    },
    page,
  );
  return { count, results: rows.map(toDifference) };
};
