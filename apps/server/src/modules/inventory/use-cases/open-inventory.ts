import type { Inventory, inventoryCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { conflict, fieldError } from '../../../http/errors.js';
import type { RequestInput } from '../../use-case-input.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory, withTypes } from './inventory-scope.js';

export type OpenInventoryInput = RequestInput<'locationId', { body: z.output<typeof inventoryCreateBodySchema>; now: Date }>;

/**
 * POST /locations/{id}/inventories/: opens an inventory of an area of the location (total, or partial with the chosen
 * GTINs), taking its expected stock now. The location must be the user's (404), the area the location's (400 on
 * location_area) and the GTINs the company's (400 on item_types). 409 while the area has an open inventory: a
 * handheld's reads go to the area's open inventory, so two would compete.
 */
export const openInventory = async (
  repo: Pick<InventoryRepository, 'location' | 'hasArea' | 'companyItemTypes' | 'openInventory' | 'inventory' | 'partialTypesOf'>,
  { user, locationId, body, now }: OpenInventoryInput,
): Promise<Inventory> => {
  await repo.location(user, locationId);
  if (!(await repo.hasArea({ areaId: body.location_area, locationId }))) {
    throw fieldError('location_area', 'inventory.select_area');
  }
  const known = await repo.companyItemTypes({ ids: body.item_types, companyId: user.companyId });
  if (known.length !== body.item_types.length) throw fieldError('item_types', 'catalog.unknown_gtin');
  const opened = await repo.openInventory({
    companyId: user.companyId,
    locationId,
    areaId: body.location_area,
    deviceId: null,
    createdBy: user.id,
    startTime: now,
    itemTypeIds: body.item_types,
  });
  if ('busy' in opened) throw conflict('inventory.area_busy');
  return withTypes(repo, await requireInventory(repo, user, opened.id));
};
