import { eq } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { areas, locations } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import type { MessageArg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleRow } from '../locations/location-scope.js';

/** A query of things placed in an area of a location (printers, readers), joined to that area and location. */
export const joinAreaAndLocation = <Q extends PgSelect>(query: Q, placed: { areaId: PgColumn; locationId: PgColumn }) =>
  query.innerJoin(areas, eq(areas.id, placed.areaId)).innerJoin(locations, eq(locations.id, placed.locationId));

export type ScopedArea = { id: number; description: string; locationId: number; companyId: number; locationDescription: string };
/** The columns of a ScopedArea (the area and its location). */
const scopedAreaColumns = {
  id: areas.id,
  description: areas.description,
  locationId: areas.locationId,
  companyId: locations.companyId,
  locationDescription: locations.description,
};

/** An area of a location the user may see, or 404 (foreign companies' and locations' ids are not disclosed). */
export const requireArea = async (
  db: DbOrTx,
  user: AuthUser,
  areaId: number,
  message: MessageArg = 'admin.area_not_found',
): Promise<ScopedArea> => {
  const query = db.select(scopedAreaColumns).from(areas).innerJoin(locations, eq(locations.id, areas.locationId)).$dynamic();
  const row = await visibleRow(query, areas.id, user, areaId);
  if (!row) throw notFound(message);
  return row;
};
