import type { BoxContent, boxContentCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';
import { resolveGtins } from './resolve-gtins.js';

export type CreateContentsInput = { user: AuthUser; rows: z.output<typeof boxContentCreateBodySchema> };

/** POST /contents/: every row's box must be visible and unverified; all rows in one transaction. */
export const createContents = async (
  repo: Pick<InboundRepository, 'box' | 'transaction'>,
  { user, rows }: CreateContentsInput,
): Promise<BoxContent[]> => {
  const boxIds = [...new Set(rows.map((r) => r.box_id))];
  for (const boxId of boxIds) {
    const box = await repo.box(user, boxId);
    if (!box) throw fieldError(`${rows.findIndex((r) => r.box_id === boxId)}.box_id`, 'orders.box_not_found');
  }
  return repo.transaction(async (writes) => {
    const typeIds = await resolveGtins(
      writes,
      user.companyId,
      rows.map((r) => r.gtin),
      (i) => `${i}.gtin`,
    );
    const inserted = await writes.insertContents(
      rows.map((r, i) => ({ boxId: r.box_id, itemTypeId: typeIds[i] ?? 0, quantity: r.quantity })),
    );
    return inserted.map((c, i) => ({
      id: c.id,
      box_id: c.boxId,
      item_type: c.itemTypeId,
      quantity: c.quantity,
      gtin: rows[i]?.gtin ?? '',
    }));
  });
};
