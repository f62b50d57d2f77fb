/** Query keys of the catalogue import (issue 27): everything under ['catalog-import']. */
export const catalogImportKeys = {
  all: ['catalog-import'] as const,
  list: () => ['catalog-import', 'list'] as const,
  one: (id: number) => ['catalog-import', 'one', id] as const,
};
