import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** The store floor (issue 26): the availability routes. */
export const availabilityRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
