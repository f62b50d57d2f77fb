import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the orders module (to be built). */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
