/** The public face of the webhooks feature: the shell mounts its routes (app/feature-routes.ts). */
export { webhooksRoutes } from './routes';
