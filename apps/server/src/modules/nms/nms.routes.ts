import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the nms module (to be built). */
export const nmsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
