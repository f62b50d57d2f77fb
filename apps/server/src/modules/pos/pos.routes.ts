import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the pos module (to be built). */
export const posRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
