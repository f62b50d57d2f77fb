import type { ApiKeyAccess } from '@rfid/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';
import { AUTH_CHANGED } from '../../plugins/auth-channel.js';
import { companyLocationsByIds } from '../locations/location-scope.js';

/** A key as the list reads it (never the key, only its hash's row), with its creator. */
export type ApiKeyRow = {
  id: number;
  companyId: number;
  name: string;
  prefix: string;
  access: ApiKeyAccess;
  locationIds: number[] | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  creatorId: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorEmail: string | null;
};

/** A location a key names, as the list shows it. */
export type KeyLocation = { id: number; code: string; description: string };

/** What authenticating with a key needs: the key's company, access, locations and the user it acts for. */
export type ActiveKey = Pick<ApiKeyRow, 'id' | 'companyId' | 'prefix' | 'access' | 'locationIds' | 'lastUsedAt'> & {
  createdBy: number | null;
};

/** A key to add: what the list shows of it, its hash and its creator. */
export type NewApiKey = Pick<ApiKeyRow, 'companyId' | 'name' | 'prefix' | 'access' | 'locationIds'> & {
  keyHash: string;
  createdBy: number;
};

export type ApiKeysRepository = {
  list: (companyId: number, options: { revoked: boolean }) => Promise<ApiKeyRow[]>;
  get: (companyId: number, id: number) => Promise<ApiKeyRow | undefined>;
  insert: (key: NewApiKey) => Promise<number>;
  /** Revokes an active key of the company (false: none) and tells every process to forget cached keys. */
  revoke: (companyId: number, id: number, at: Date) => Promise<boolean>;
  /** The company's locations among `ids` (code and description). */
  locationsOf: (companyId: number, ids: number[]) => Promise<KeyLocation[]>;
  findActiveByHash: (keyHash: string) => Promise<ActiveKey | undefined>;
  /** Notes a use of the key, unless one was noted less than `minIntervalMs` before `at`. */
  touch: (id: number, at: Date, minIntervalMs: number) => Promise<void>;
};

const columns = {
  id: apiKeys.id,
  companyId: apiKeys.companyId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  access: apiKeys.access,
  locationIds: apiKeys.locationIds,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorId: users.id,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorEmail: users.email,
};

export const createApiKeysRepository = (db: DbOrTx): ApiKeysRepository => {
  const select = (where: SQL | undefined) =>
    db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy)).where(where);
  return {
    list: (companyId, { revoked }) =>
      select(and(eq(apiKeys.companyId, companyId), revoked ? undefined : isNull(apiKeys.revokedAt))).orderBy(desc(apiKeys.id)),
    async get(companyId, id) {
      const [row] = await select(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id))).limit(1);
      return row;
    },
    async insert(key) {
      const [row] = await db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
      if (!row) throw new Error('api key not inserted');
      return row.id;
    },
    async revoke(companyId, id, at) {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      // Every process drops its cached keys when this commits (NOTIFY is sent at commit, and not at all on rollback).
      if (revoked.length) await db.execute(sql`select pg_notify(${AUTH_CHANGED}, 'api_keys')`);
      return revoked.length > 0;
    },
    locationsOf: (companyId, ids) => companyLocationsByIds(db, companyId, ids),
    async findActiveByHash(keyHash) {
      const [row] = await db
        .select({
          id: apiKeys.id,
          companyId: apiKeys.companyId,
          prefix: apiKeys.prefix,
          access: apiKeys.access,
          locationIds: apiKeys.locationIds,
          createdBy: apiKeys.createdBy,
          lastUsedAt: apiKeys.lastUsedAt,
        })
        .from(apiKeys)
        // A key acts for its creator: a deactivated creator's keys are refused (issue 29) until it is reactivated.
        .innerJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.isActive, true)))
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row;
    },
    async touch(id, at, minIntervalMs) {
      const before = new Date(at.getTime() - minIntervalMs);
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${before.toISOString()}::timestamptz)`,
          ),
        );
    },
  };
};
