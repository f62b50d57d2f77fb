/** The public face of the catalogue import feature: the shell imports only from here. */
export { CATALOG_IMPORT_PATH } from './paths';
