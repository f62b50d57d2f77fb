import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../registry.js';
import { adminLocationsRoutes } from './admin-locations.routes.js';
import { areasRoutes } from './areas.routes.js';
import { printersRoutes } from './printers.routes.js';
import { readersRoutes } from './readers.routes.js';
import { usersRoutes } from './users.routes.js';

/** Routes of the admin module: location writes, areas, readers, printers and users. */
export const adminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  await app.register(adminLocationsRoutes, deps);
  await app.register(areasRoutes, deps);
  await app.register(readersRoutes, deps);
  await app.register(printersRoutes, deps);
  await app.register(usersRoutes, deps);
};
