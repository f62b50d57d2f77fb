/** The public face of the audit log feature (issue 29): its routes are mounted by app/feature-routes.ts. */
export { AUDIT_PATH, auditRoutes } from './routes';
