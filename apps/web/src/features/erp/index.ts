/** The public face of the ERP feature (issue 27): its routes are mounted by app/feature-routes.ts. */
export { erpRoutes } from './routes';
