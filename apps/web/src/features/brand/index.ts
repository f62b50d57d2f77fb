/** The public face of the brand feature: other features import only from here. */
export { useBrand } from './api/get-brand';
