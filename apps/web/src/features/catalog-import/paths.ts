/** The catalogue import's page, in the administration menu. */
export const CATALOG_IMPORT_PATH = '/administrador/catalog-import';
