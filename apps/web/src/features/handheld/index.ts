/** The public face of the handheld feature: the router imports only from here. */
export { handheldRoutes } from './routes';
