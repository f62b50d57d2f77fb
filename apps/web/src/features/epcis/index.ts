/** The public face of the EPCIS feature: other features and the shell import only from here. */
export { epcisRoutes } from './routes';
