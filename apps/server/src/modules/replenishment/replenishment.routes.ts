import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** The store floor (issue 26): the replenishment routes. */
export const replenishmentRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
