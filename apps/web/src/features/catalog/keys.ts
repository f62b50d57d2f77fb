/** Query keys of catalog data (GTINs): all under ['catalog'], refreshed when a GTIN is created. */
export const catalogKeys = {
  all: ['catalog'] as const,
  printingSearch: (text: string) => ['catalog', 'printing-search', text] as const,
};
