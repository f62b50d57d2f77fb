import type { areaCreateBodySchema, areaUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
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
  /** An SGLN names one area: its extension is refused when another area of the same location has it. */
  const checkExtension = async (locationId: number, extension: string | null | undefined, exceptId?: number) => {
    if (extension && (await repo.glnExtensionTaken(locationId, extension, exceptId))) {
      const message = 'admin.area_gln_extension_taken';
      throw new AppError('CONFLICT', { message, errors: { gln_extension: [message] } });
    }
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
      await checkExtension(body.location_id, body.gln_extension);
      const id = await repo.insert({
        description: body.description,
        stock: body.stock,
        locationId: body.location_id,
        glnExtension: body.gln_extension ?? null,
      });
      return load(user, id);
    },

    /** Stock is read-only here; the description, the location and the GLN extension (when sent) change. */
    async update(user: AuthUser, id: number, body: z.output<typeof areaUpdateBodySchema>) {
      const current = await load(user, id);
      await requireLocation(db, user, body.location_id);
      const extension = body.gln_extension === undefined ? current.gln_extension : body.gln_extension;
      await checkExtension(body.location_id, extension, id);
      await repo.update(id, {
        description: body.description,
        locationId: body.location_id,
        ...(body.gln_extension === undefined ? {} : { glnExtension: body.gln_extension }),
      });
      return load(user, id);
    },
  };
};
