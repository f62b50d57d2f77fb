import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the tracking module (to be built). */
export const trackingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
