import { createHash } from 'node:crypto';
import { ApiKeyAccess, RoleThreshold } from '@rfid/contract';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { apiTokens, sessionActivity, userLocations, users } from '../db/schema/index.js';
import { AppError, forbidden } from '../http/errors.js';
import { SAFE_METHODS } from '../http/methods.js';
import { createNotifiedCache } from '../lib/notified-cache.js';
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
  /** The session (api_tokens row) of a user's token (issue 29, modules/sessions); absent for an API key. */
  sessionId?: number;
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
    /** Only a user's own token: an API key is refused (403) here (identity, logout: a user's session). */
    userOnly?: boolean;
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A session's last use: its session_activity row's, else (none yet) its sign-in's. */
export const lastSeenOf = sql<Date>`coalesce(${sessionActivity.lastSeenAt}, ${apiTokens.createdAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

/** The session was used after `at` (its idle end is still ahead). */
const seenSince = (at: Date) => sql`${lastSeenOf} > ${at.toISOString()}::timestamptz`;

/** The user's columns an AuthUser is made of. */
const userColumns = { id: users.id, companyId: users.companyId, role: users.role, editor: users.editor, email: users.email };
type UserColumns = { id: number; companyId: number; role: number; editor: boolean; email: string };

/** The AuthUser of a user's row: its assigned locations, and its scope (null: every location, roles 1–2). */
const withScope = async (db: Db, row: UserColumns, tokenHash: string): Promise<AuthUser> => {
  const assigned = await db.select({ id: userLocations.locationId }).from(userLocations).where(eq(userLocations.userId, row.id));
  const assignedLocationIds = assigned.map((r) => r.id);
  return {
    ...row,
    assignedLocationIds,
    locationIds: row.role <= RoleThreshold.companyWideScope ? null : assignedLocationIds,
    tokenHash,
  };
};

/**
 * The session (api_tokens row, `from` of `query`, with its user) that `which` picks, when it is still valid: not past
 * its end, not idle for `idleMs`, its user active (issue 29). At most one row.
 */
const liveSession = <Q extends PgSelect>(query: Q, idleMs: number, ...which: SQL[]) => {
  const now = Date.now();
  return query
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(sessionActivity, eq(sessionActivity.tokenId, apiTokens.id))
    .where(and(...which, gt(apiTokens.expiresAt, new Date(now)), eq(users.isActive, true), seenSince(new Date(now - idleMs))))
    .limit(1);
};

/**
 * The user of a token (hashed) and until when it may be kept: the sooner of the session's absolute end and its idle
 * end (last use + `idleMs`). Undefined for an unknown token, one past either end, or a deactivated user's (issue 29).
 */
const loadTokenUser = async (
  db: Db,
  tokenHash: string,
  idleMs: number,
): Promise<{ user: AuthUser; validUntil: Date; lastSeenAt: Date } | undefined> => {
  const [row] = await liveSession(
    db
      .select({ ...userColumns, sessionId: apiTokens.id, expiresAt: apiTokens.expiresAt, lastSeenAt: lastSeenOf })
      .from(apiTokens)
      .$dynamic(),
    idleMs,
    eq(apiTokens.tokenHash, tokenHash),
  );
  if (!row) return undefined;
  const { expiresAt, lastSeenAt, sessionId, ...columns } = row;
  const idleEnd = lastSeenAt.getTime() + idleMs;
  return {
    validUntil: new Date(Math.min(expiresAt.getTime(), idleEnd)),
    lastSeenAt,
    user: { ...(await withScope(db, columns, tokenHash)), sessionId },
  };
};

/**
 * An active user by id, with its scope (the live stream opened by a one-time ticket: modules/sessions). `sessionId`:
 * the session the ticket was issued to, which must still be valid (not ended, not idle, not past its end).
 */
export const loadSessionUser = async (db: Db, userId: number, sessionId: number, idleMs: number): Promise<AuthUser | null> => {
  const [row] = await liveSession(
    db
      .select({ ...userColumns, tokenHash: apiTokens.tokenHash })
      .from(apiTokens)
      .$dynamic(),
    idleMs,
    eq(apiTokens.id, sessionId),
    eq(apiTokens.userId, userId),
  );
  if (!row) return null;
  const { tokenHash, ...columns } = row;
  return { ...(await withScope(db, columns, tokenHash)), sessionId };
};

/** A session's use is noted at most this often per process (session_activity; its idle end moves with it). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * Notes a use of a session now (UPSERT into session_activity, never an update of api_tokens: its trigger would empty
 * every process's token cache), unless one was noted less than SESSION_TOUCH_INTERVAL_MS before.
 */
export const touchSession = async (db: Db, sessionId: number, at: Date): Promise<void> => {
  const before = new Date(at.getTime() - SESSION_TOUCH_INTERVAL_MS);
  await db
    .insert(sessionActivity)
    .values({ tokenId: sessionId, lastSeenAt: at })
    .onConflictDoUpdate({
      target: sessionActivity.tokenId,
      set: { lastSeenAt: at },
      setWhere: sql`${sessionActivity.lastSeenAt} < ${before.toISOString()}::timestamptz`,
    })
    // The session was deleted between its read and this (signed out, revoked): nothing to note.
    .catch((error: unknown) => {
      if ((error as { code?: string }).code !== '23503') throw error;
    });
};

/** At most this many sessions' last use noted in this process; then the map is emptied. */
const CACHE_MAX = 10_000;

/**
 * Token → user and location scope, kept `ttlMs` in this process (issue 15: an authenticated request costs no query).
 * It is used only while the database's notifications arrive: every change to users, tokens or user locations, in any
 * process, empties it at commit; while the listening connection is cut it is empty and unused.
 */
export const createTokenCache = (ttlMs: number) => {
  const cache = createNotifiedCache<AuthUser>(ttlMs);
  return {
    ...cache,
    /** Kept `ttlMs` at most, never beyond the token's own end. */
    set(tokenHash: string, user: AuthUser, tokenExpiresAt: Date, since: number, now = Date.now()) {
      cache.set(tokenHash, user, since, { until: tokenExpiresAt.getTime(), now });
    },
  };
};
export type TokenCache = ReturnType<typeof createTokenCache>;

/**
 * The user of a request's token: from the cache, or read and kept (never beyond the session's absolute or idle end).
 * Its use is noted at most once a minute per session in this process (`touched`), which moves its idle end.
 */
const userOfToken = async (
  db: Db,
  cache: TokenCache,
  touched: Map<number, number>,
  token: string,
  idleMs: number,
): Promise<AuthUser | null> => {
  const tokenHash = hashToken(token);
  let user = cache.get(tokenHash) ?? null;
  if (!user) {
    const since = cache.generation();
    const found = await loadTokenUser(db, tokenHash, idleMs);
    if (!found) return null;
    cache.set(tokenHash, found.user, found.validUntil, since);
    user = found.user;
  }
  const sessionId = user.sessionId;
  const now = Date.now();
  if (sessionId !== undefined && now - (touched.get(sessionId) ?? 0) >= SESSION_TOUCH_INTERVAL_MS) {
    if (touched.size >= CACHE_MAX) touched.clear();
    touched.set(sessionId, now);
    await touchSession(db, sessionId, new Date(now));
  }
  return user;
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

/** The authenticated user of a route that required one. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new AppError('UNAUTHENTICATED', { message: 'auth.no_credentials' });
  return request.user;
};

export type AuthPluginOptions = {
  database: Database;
  cacheMs: number;
  /** config.security: a session's idle end (sessionIdleMs after its last use). */
  security: Pick<Config['security'], 'sessionIdleMs'>;
  /** Other caches of this process that a user's successful write empties with the token cache (the readers' keys). */
  evictOnWrite?: ReadonlySet<() => void>;
};

export const authPlugin = fp(
  async (app: FastifyInstance, { database, cacheMs, security, evictOnWrite = new Set() }: AuthPluginOptions) => {
    const { db } = database;
    const idleMs = security.sessionIdleMs;
    const cache = createTokenCache(cacheMs);
    const touched = new Map<number, number>();
    const sessionsTouched = new Map<number, number>();
    if (cacheMs > 0) {
      const stop = await database.listen(AUTH_CHANGED, { onNotify: cache.clear, onState: cache.setTrusted });
      app.addHook('onClose', async () => stop().catch(() => {}));
    }
    app.decorateRequest('user', null);
    // A write that succeeded here may have changed a user, a token or a user's locations: this process forgets at once,
    // before answering (the others hear the trigger's NOTIFY a moment later). Reads of the next requests refill it.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.user && !SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
        cache.clear();
        for (const evict of evictOnWrite) evict();
      }
      done(null, payload);
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
      if (header?.startsWith('Token ')) {
        request.user = await userOfToken(db, cache, sessionsTouched, header.slice(6).trim(), idleMs);
      } else if (apiKey !== null) {
        request.user = await userOfKey(db, cache, touched, apiKey);
      }
      if (config?.public) return;
      if (!request.routeOptions.url) return; // 404s are answered as 404, not 401
      if (!request.user) {
        throw new AppError('UNAUTHENTICATED', {
          message: apiKey !== null ? 'keys.invalid' : header ? 'auth.invalid_token' : 'auth.no_credentials',
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
  },
);
