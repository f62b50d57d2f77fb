/** The public face of the brand feature: other features import only from here. */
export { useBrands } from './api/get-brands';
