import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the catalog module (to be built). */
export const catalogRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
