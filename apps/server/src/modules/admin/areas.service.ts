import type { areaCreateBodySchema, areaUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import type { AreasRepository } from './areas.repository.js';

export const createAreasService = ({ db, repo }: { db: Db; repo: AreasRepository }) => {
  const load = async (user: AuthUser, id: number) => {
    const row = await repo.get(user, id);
    if (!row) throw notFound('admin.area_not_found');
    return row;
  };
  return {
    list: (user: AuthUser, query: Record<string, unknown>, page: PageParams) => repo.list(user, query, page),

    async listOfLocation(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      await requireLocation(db, user, locationId);
      return repo.list(user, query, page, locationId);
    },

    get: load,

    async create(user: AuthUser, body: z.output<typeof areaCreateBodySchema>) {
      await requireLocation(db, user, body.location_id);
      const id = await repo.insert({ description: body.description, stock: body.stock, locationId: body.location_id });
      return load(user, id);
    },

    /** Stock is read-only here; only the description and the location change. */
    async update(user: AuthUser, id: number, body: z.output<typeof areaUpdateBodySchema>) {
      await load(user, id);
      await requireLocation(db, user, body.location_id);
      await repo.update(id, { description: body.description, locationId: body.location_id });
      return load(user, id);
    },
  };
};
