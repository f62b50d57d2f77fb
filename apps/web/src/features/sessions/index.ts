/** The public face of the sessions feature (issue 29): its routes are mounted by app/feature-routes.ts. */
export { sessionsRoutes } from './routes';
