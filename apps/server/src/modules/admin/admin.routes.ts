import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the admin module (to be built). */
export const adminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
