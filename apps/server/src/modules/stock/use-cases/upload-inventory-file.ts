import type { InventoryFileResult } from '@rfid/contract';
import { AppError } from '../../../http/errors.js';
import { type Message, msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { parseInventoryFile, rowMessage } from '../stock.rules.js';
import type { StockRepository } from '../stock-store.repository.js';

/** A refused inventory file: 400, the first row's message, every listed row under `file`. */
const fileError = (messages: Message[]): AppError =>
  new AppError('VALIDATION', { message: messages[0] ?? 'upload.file_refused', errors: { file: messages } });

export type UploadInventoryFileInput = { user: AuthUser; areaId: number; text: string; now: Date };

/**
 * POST /areas/{id}/upload_inventory_file/: the counted stock of the area's GTINs. Any bad
 * row refuses the whole file (400 naming the row); otherwise every GTIN's quantity is
 * written in one transaction, replacing what the area had counted for it.
 */
export const uploadInventoryFile = async (
  repo: Pick<StockRepository, 'area' | 'itemTypeIdsByGtin' | 'saveCountedStock'>,
  { user, areaId, text, now }: UploadInventoryFileInput,
): Promise<InventoryFileResult> => {
  const area = await repo.area(user, areaId);
  const parsed = parseInventoryFile(text);
  if (!parsed.ok) throw fileError(parsed.errors.map(rowMessage));
  const ids = await repo.itemTypeIdsByGtin(
    user.companyId,
    parsed.lines.map((l) => l.gtin),
  );
  const unknown = parsed.lines.filter((l) => !ids.has(l.gtin));
  if (unknown.length) {
    throw fileError(
      unknown.slice(0, 10).map((l) => rowMessage({ row: l.row, message: msg('stock.file_gtin_unknown', { gtin: l.gtin }) })),
    );
  }
  const lines = parsed.lines.map((l) => ({ itemTypeId: ids.get(l.gtin) ?? 0, quantity: l.quantity }));
  await repo.saveCountedStock(area, { userId: user.id, lines, at: now });
  return {
    area: area.id,
    rows: parsed.rows,
    gtins: lines.length,
    quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
};
