import type { ErpSnapshotDetail } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import { type Language, msg, render } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toSnapshotDetail } from '../erp.dto.js';
import type { ErpRepository } from '../erp.repository.js';
import { checkErpRows, type RawErpRow } from '../erp.rules.js';

export type ImportErpStockDeps = {
  repo: Pick<ErpRepository, 'storesOf' | 'saveSnapshot' | 'getSnapshot' | 'locationsOf'>;
  now: () => Date;
};

export type ImportErpStockInput = {
  source: 'csv' | 'json';
  fileName: string;
  rows: RawErpRow[];
  /** The language the rejected rows' reasons are kept in (the importer's). */
  language: Language;
};

/**
 * POST /api/erp/stock/ (roles 1–3): an ERP stock snapshot. Every row names a store (a location code the user sees: a
 * location editor only theirs), a GTIN and a quantity; the good rows replace the ERP stock of the stores they name, the
 * others are kept in the snapshot with their reason. When no row is good nothing is stored (400 naming the first
 * problem), so a wrong file never empties a store's ERP stock.
 */
export const importErpStock = async (
  { repo, now }: ImportErpStockDeps,
  user: AuthUser,
  input: ImportErpStockInput,
): Promise<ErpSnapshotDetail> => {
  const stores = await repo.storesOf(user);
  const checked = checkErpRows(input.rows, (code) => stores.get(code));
  const field = input.source === 'csv' ? 'file' : 'rows';
  const first = checked.rejected[0];
  if (checked.lines.length === 0) {
    throw fieldError(field, first ? msg('erp.nothing_imported', { row: first.row, message: first.reason }) : 'erp.file_no_rows');
  }
  const id = await repo.saveSnapshot(
    {
      companyId: user.companyId,
      createdBy: user.id,
      source: input.source,
      fileName: input.fileName,
      rowCount: checked.accepted,
      rejectedCount: checked.rejectedCount,
      rejected: checked.rejected.map(({ reason, ...row }) => ({ ...row, reason: render(reason, input.language) })),
      locationIds: checked.locationIds,
    },
    checked.lines,
    now(),
  );
  const saved = await repo.getSnapshot(user, id);
  if (!saved) throw new Error(`erp snapshot ${id} not found after its import`);
  const places = await repo.locationsOf(user.companyId, saved.locationIds);
  return toSnapshotDetail(saved, new Map(places.map((p) => [p.id, p])));
};
