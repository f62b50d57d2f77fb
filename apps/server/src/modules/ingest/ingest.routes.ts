import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';

/** Routes of the ingest module (to be built). */
export const ingestRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
