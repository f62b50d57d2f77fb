import { createHash } from 'node:crypto';
import { RoleThreshold } from '@rfid/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { apiTokens, userLocations, users } from '../db/schema/index.js';
import { AppError, forbidden } from '../http/errors.js';

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
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const loadUserByToken = async (db: Db, token: string): Promise<AuthUser | null> => {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, role: users.role, editor: users.editor, email: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), gt(apiTokens.expiresAt, new Date()), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  const assigned = await db.select({ id: userLocations.locationId }).from(userLocations).where(eq(userLocations.userId, row.id));
  const assignedLocationIds = assigned.map((r) => r.id);
  return {
    ...row,
    assignedLocationIds,
    locationIds: row.role <= RoleThreshold.companyWideScope ? null : assignedLocationIds,
    tokenHash,
  };
};

/** The authenticated user of a route that required one. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new AppError('UNAUTHENTICATED', { message: 'Authentication credentials were not provided.' });
  return request.user;
};

export const authPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/nms/')) return;
    if (path.startsWith('/api/docs')) return; // the OpenAPI page is public
    const config = request.routeOptions.config;
    const header = request.headers.authorization;
    if (header?.startsWith('Token ')) {
      request.user = await loadUserByToken(db, header.slice(6).trim());
    }
    if (config?.public) return;
    if (!request.routeOptions.url) return; // 404s are answered as 404, not 401
    if (!request.user) {
      throw new AppError('UNAUTHENTICATED', {
        message: header ? 'Invalid token.' : 'Authentication credentials were not provided.',
      });
    }
    if (config?.maxRole !== undefined && request.user.role > config.maxRole) throw forbidden();
  });
});
