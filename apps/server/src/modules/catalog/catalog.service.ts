import type { Db } from '../../db/client.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createCatalogRepository } from './catalog.repository.js';
import { type CreateItemTypeInput, createItemType } from './use-cases/create-item-type.js';
import { decodeEpcs } from './use-cases/decode-epcs.js';
import { getItemType } from './use-cases/get-item-type.js';
import { getItemTypeByGtin } from './use-cases/get-item-type-by-gtin.js';
import { type ListItemTypesInput, listItemTypes } from './use-cases/list-item-types.js';

/** The catalog use cases (use-cases/*.ts) over the database's catalog repository, as the routes call them. */
export const createCatalogService = (db: Db) => {
  const repo = createCatalogRepository(db);
  return {
    list: (user: AuthUser, query: ListItemTypesInput['query'], page: PageParams) => listItemTypes(repo, { user, query, page }),
    get: (user: AuthUser, id: number) => getItemType(repo, { user, id }),
    getByGtin: (user: AuthUser, gtin: string) => getItemTypeByGtin(repo, { user, params: { gtin } }),
    create: (user: AuthUser, body: CreateItemTypeInput['body']) => createItemType(repo, { user, body }),
    decode: (user: AuthUser, epcs: string[]) => decodeEpcs(repo, { user, body: { epcs } }),
  };
};
