import type { areaCreateBodySchema, areaListQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import type { AreasRepository } from './areas.repository.js';

/** An SGLN names one area: its extension is refused when another area of the same location has it. */
export const extensionCheck =
  (repo: { glnExtensionTaken(locationId: number, extension: string, exceptId?: number): Promise<boolean> }) =>
  async (locationId: number, extension: string | null | undefined, exceptId?: number): Promise<void> => {
    if (extension && (await repo.glnExtensionTaken(locationId, extension, exceptId))) {
      const message = 'admin.area_gln_extension_taken';
      throw new AppError('CONFLICT', { message, errors: { gln_extension: [message] } });
    }
  };

export const createAreasService = ({ db, repo }: { db: Db; repo: AreasRepository }) => {
  const load = (user: AuthUser, id: number) => foundOr(repo.get(user, id), 'admin.area_not_found');
  const checkExtension = extensionCheck(repo);
  return {
    list: (user: AuthUser, query: z.output<typeof areaListQuerySchema>, page: PageParams) => repo.list(user, query, page),

    async listOfLocation(user: AuthUser, locationId: number, query: z.output<typeof areaListQuerySchema>, page: PageParams) {
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
        kind: body.kind,
      });
      return load(user, id);
    },
  };
};
