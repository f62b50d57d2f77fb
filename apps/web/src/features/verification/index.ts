/** The public face of the verification feature: other features import only from here. */
export { verificationRoutes } from './routes';
