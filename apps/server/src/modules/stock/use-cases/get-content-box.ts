import type { ContentBox } from '@rfid/contract';
import { visibleOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { areaRef } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';

/** GET /contentbox/{codebar}/: the GTINs of the box's last sighting (404 when never read or read elsewhere than the user sees). */
export const getContentBox = async (
  repo: Pick<StockRepository, 'lastSighting' | 'setContents'>,
  { user, codebar }: { user: AuthUser; codebar: string },
): Promise<ContentBox> => {
  const last = await visibleOr(user, repo.lastSighting({ companyId: user.companyId, codebar }), 'orders.box_not_found');
  const contents = await repo.setContents(last.setId);
  return {
    codebar: last.codebar,
    id: last.boxId,
    quantity: last.quantity,
    date: last.date.toISOString(),
    area: areaRef(last),
    results: contents.map((c) => ({
      item_type: c.itemTypeId,
      gtin: c.gtin,
      description: c.description,
      size: c.size,
      colour: c.colour,
      quantity: c.quantity,
    })),
  };
};
