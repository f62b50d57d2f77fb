import { createHash } from 'node:crypto';
import { ApiKeyAccess, RoleThreshold } from '@rfid/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';
import { apiTokens, userLocations, users } from '../db/schema/index.js';
import { AppError, forbidden } from '../http/errors.js';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository.js';
import { hashApiKey, KEY_TOUCH_INTERVAL_MS, keyUser, looksLikeApiKey } from '../modules/api-keys/api-keys.rules.js';
import { AUTH_CHANGED } from './auth-channel.js';

export type AuthUser = {
  id: number;
  companyId: number;
  role: number;
  editor: boolean;
  email: string;
  /** null means every location of the company (roles 1 and 2). */
  locationIds: number[] | null;
  assignedLocationIds: number[];
  tokenHash: string;
  /**
   * Set when the request came with an API key (issue 27, modules/api-keys): the key acts for its creator (`id`) with its
   * access's role and its locations. Absent for a user's token.
   */
  apiKey?: { id: number; access: ApiKeyAccess };
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** No token needed (login, health, device-key routes handle their own auth). */
    public?: boolean;
    /** Highest role number allowed on this route (1 is highest). */
    maxRole?: number;
    /**
     * The token may also come as `?access_token=` (the live events stream: a browser's EventSource cannot send
     * headers). Only routes that say so; the header wins when both are sent.
     */
    tokenInQuery?: boolean;
    /** Only a user's own token: an API key is refused (403) here (identity, logout: a user's session). */
    userOnly?: boolean;
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const loadUserByToken = async (db: Db, token: string): Promise<AuthUser | null> =>
  (await loadTokenUser(db, hashToken(token)))?.user ?? null;

/** The user of a token (hashed) and when the token expires; undefined for an unknown, expired or inactive one. */
const loadTokenUser = async (db: Db, tokenHash: string): Promise<{ user: AuthUser; expiresAt: Date } | undefined> => {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      role: users.role,
      editor: users.editor,
      email: users.email,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), gt(apiTokens.expiresAt, new Date()), eq(users.isActive, true)))
    .limit(1);
  if (!row) return undefined;
  const assigned = await db.select({ id: userLocations.locationId }).from(userLocations).where(eq(userLocations.userId, row.id));
  const assignedLocationIds = assigned.map((r) => r.id);
  const { expiresAt, ...user } = row;
  return {
    expiresAt,
    user: {
      ...user,
      assignedLocationIds,
      locationIds: row.role <= RoleThreshold.companyWideScope ? null : assignedLocationIds,
      tokenHash,
    },
  };
};

export { AUTH_CHANGED } from './auth-channel.js';

const CACHE_MAX = 10_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Token → user and location scope, kept `ttlMs` in this process (issue 15: an authenticated request costs no query).
 * It is used only while the database's notifications arrive: every change to users, tokens or user locations, in any
 * process, empties it at commit; while the listening connection is cut it is empty and unused.
 */
export const createTokenCache = (ttlMs: number) => {
  const entries = new Map<string, { user: AuthUser; until: number }>();
  let trusted = false;
  /** Counts the evictions: a user read before one (`since` older than it) may be stale and is not kept. */
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  return {
    generation: () => generation,
    get(tokenHash: string, now = Date.now()): AuthUser | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now) return entry.user;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash: string, user: AuthUser, tokenExpiresAt: Date, since: number, now = Date.now()) {
      if (!trusted || ttlMs <= 0 || since !== generation) return;
      if (entries.size >= CACHE_MAX) entries.clear();
      entries.set(tokenHash, { user, until: Math.min(now + ttlMs, tokenExpiresAt.getTime()) });
    },
    clear,
    /** Whether notifications arrive: the cache is emptied either way, and filled only while they do. */
    setTrusted(listening: boolean) {
      trusted = listening;
      clear();
    },
  };
};
export type TokenCache = ReturnType<typeof createTokenCache>;

/** The user of a request's token: from the cache, or read and kept. */
const userOfToken = async (db: Db, cache: TokenCache, token: string): Promise<AuthUser | null> => {
  const tokenHash = hashToken(token);
  const hit = cache.get(tokenHash);
  if (hit) return hit;
  const since = cache.generation();
  const found = await loadTokenUser(db, tokenHash);
  if (!found) return null;
  cache.set(tokenHash, found.user, found.expiresAt, since);
  return found.user;
};

/** A key never expires by time: it lives in the cache as long as a token would (`ttlMs`), or until a revocation. */
const KEY_NEVER_EXPIRES = new Date(8.64e15);

/**
 * The user of a request's API key (`Bearer rfid_…` or `X-API-Key: rfid_…`): from the cache, or read and kept. Kept apart
 * from the tokens' entries (`key:`), so a token never finds a key's user nor a key a token's. A revocation empties the
 * cache in every process (its NOTIFY auth_changed); a key's use is noted at most once a minute (`touched`, and the
 * statement's own condition across processes).
 */
const userOfKey = async (
  db: Db,
  cache: TokenCache,
  touched: Map<number, number>,
  credential: string,
): Promise<AuthUser | null> => {
  if (!looksLikeApiKey(credential)) return null;
  const keyHash = hashApiKey(credential);
  const entry = `key:${keyHash}`;
  let user = cache.get(entry) ?? null;
  if (!user) {
    const since = cache.generation();
    const repo = createApiKeysRepository(db);
    const key = await repo.findActiveByHash(keyHash);
    user = key ? keyUser(key, keyHash) : null;
    if (!user) return null;
    cache.set(entry, user, KEY_NEVER_EXPIRES, since);
  }
  const keyId = user.apiKey?.id;
  const now = Date.now();
  if (keyId !== undefined && now - (touched.get(keyId) ?? 0) >= KEY_TOUCH_INTERVAL_MS) {
    if (touched.size >= CACHE_MAX) touched.clear();
    touched.set(keyId, now);
    await createApiKeysRepository(db).touch(keyId, new Date(now), KEY_TOUCH_INTERVAL_MS);
  }
  return user;
};

/** The `access_token` of a URL's query string (routes with `tokenInQuery`); null when none. */
const tokenOfQuery = (url: string): string | null => {
  const query = url.indexOf('?');
  return query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('access_token')?.trim() || null;
};

/** The authenticated user of a route that required one. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new AppError('UNAUTHENTICATED', { message: 'auth.no_credentials' });
  return request.user;
};

export const authPlugin = fp(async (app: FastifyInstance, { database, cacheMs }: { database: Database; cacheMs: number }) => {
  const { db } = database;
  const cache = createTokenCache(cacheMs);
  const touched = new Map<number, number>();
  if (cacheMs > 0) {
    const stop = await database.listen(AUTH_CHANGED, { onNotify: cache.clear, onState: cache.setTrusted });
    app.addHook('onClose', async () => stop().catch(() => {}));
  }
  app.decorateRequest('user', null);
  // A write that succeeded here may have changed a user, a token or a user's locations: this process forgets at once,
  // before answering (the others hear the trigger's NOTIFY a moment later). Reads of the next requests refill it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && !SAFE_METHODS.has(request.method) && reply.statusCode < 400) cache.clear();
    return payload;
  });
  app.addHook('onRequest', async (request) => {
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/nms/') && !path.startsWith('/epcis/')) return;
    if (path.startsWith('/api/docs')) return; // the OpenAPI page is public
    const config = request.routeOptions.config;
    const header = request.headers.authorization;
    const keyHeader = request.headers['x-api-key'];
    // An API key comes as `Authorization: Bearer …` or, without an Authorization header, as `X-API-Key`.
    const apiKey = header?.startsWith('Bearer ')
      ? header.slice(7).trim()
      : !header && typeof keyHeader === 'string'
        ? keyHeader.trim()
        : null;
    const queryToken = config?.tokenInQuery && !header ? tokenOfQuery(request.url) : null;
    if (header?.startsWith('Token ')) {
      request.user = await userOfToken(db, cache, header.slice(6).trim());
    } else if (apiKey !== null) {
      request.user = await userOfKey(db, cache, touched, apiKey);
    } else if (queryToken) {
      request.user = await userOfToken(db, cache, queryToken);
    }
    if (config?.public) return;
    if (!request.routeOptions.url) return; // 404s are answered as 404, not 401
    if (!request.user) {
      throw new AppError('UNAUTHENTICATED', {
        message: apiKey !== null ? 'keys.invalid' : header || queryToken ? 'auth.invalid_token' : 'auth.no_credentials',
      });
    }
    if (request.user.apiKey) {
      if (config?.userOnly) throw forbidden('keys.user_only');
      if (request.user.apiKey.access === ApiKeyAccess.Read && !SAFE_METHODS.has(request.method)) {
        throw forbidden('keys.read_only');
      }
    }
    if (config?.maxRole !== undefined && request.user.role > config.maxRole) throw forbidden();
  });
});
