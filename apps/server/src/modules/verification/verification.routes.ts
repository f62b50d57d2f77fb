import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the verification module (to be built). */
export const verificationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
