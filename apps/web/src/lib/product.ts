/** The product's name in URLs (the printer pages live under `/<PRODUCT>-printer`). */
export const PRODUCT = 'bionix';
