import { type ChainBreak, findChainBreak, GENESIS_HASH } from '../audit.chain.js';
import type { AuditChainRepository } from '../audit.repository.js';

export type AuditCheck = { ok: true; count: number } | { ok: false; count: number; broken: ChainBreak };

/**
 * `npm run audit:check` (issue 29): walks the whole chain from its anchor (or the genesis hash) in id order and
 * recomputes every hash. The first row whose link or content is wrong is named.
 */
export const checkAuditChain = async (repo: Pick<AuditChainRepository, 'anchor' | 'walk'>): Promise<AuditCheck> => {
  const anchor = await repo.anchor();
  const { broken, count } = await findChainBreak(
    { prevHash: anchor?.prevHash ?? GENESIS_HASH, firstId: anchor?.firstId ?? null },
    repo.walk(),
  );
  return broken ? { ok: false, count, broken } : { ok: true, count };
};
