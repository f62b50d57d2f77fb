/** The public face of the API keys feature (issue 27): its routes are mounted by app/feature-routes.ts. */
export { apiKeysRoutes } from './routes';
