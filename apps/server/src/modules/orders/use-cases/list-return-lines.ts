import type { ReturnLine } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';
import { requireReturn } from './require-return.js';

export type ListReturnLinesInput = { user: AuthUser; kind: 'provider' | 'sale'; id: number; page: PageParams };

/** GET /provider_returns/{id}/detail/ and /sale_returns/{id}/detail/: the return's lines per GTIN. */
export const listReturnLines = async (
  repo: Pick<InboundRepository, 'returnOf' | 'returnLines'>,
  { user, kind, id, page }: ListReturnLinesInput,
): Promise<{ count: number; results: ReturnLine[] }> => {
  await requireReturn(repo, { user, kind, id });
  const { count, rows } = await repo.returnLines(id, page);
  return {
    count,
    results: rows.map(({ itemTypeId, ...r }) => ({ ...r, item_type: itemTypeId })),
  };
};
