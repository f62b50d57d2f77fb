import { recordingRepo } from '../../../test/recording-repo.js';
import type { CatalogRepository, ItemTypeRow } from '../catalog.repository.js';

/** GTIN 17 of company 1: 08437000000013, Camisa, 19.90. */
export const itemTypeRow = (over: Partial<ItemTypeRow> = {}): ItemTypeRow => ({
  id: 17,
  companyId: 1,
  brandId: null,
  gtin: '08437000000013',
  description: 'Camisa',
  model: 'M-1',
  colour: 'Azul',
  sizePrimary: 'M',
  sizeSecondary: '',
  sizes: [{ country: 'ES', value: 'M' }],
  price: '19.90',
  prices: [],
  season: 'W26',
  section: 'Hombre',
  clothType: '',
  reference: 'REF-1',
  department: '',
  leatherCode: '',
  provider: '',
  manufacturer: '',
  brandName: '',
  productType: '',
  gender: '',
  zone: '',
  externalImage: '',
  minimumStock: null,
  ...over,
});

/**
 * An in-memory catalog of company 1: GTIN 17 (08437000000013) and brand 4; `insertLinked` keeps the new GTIN in
 * `rows` (undefined when the company has it). Every call is recorded; `over` replaces any method.
 */
export const fakeCatalogRepo = (over: Partial<CatalogRepository> = {}) => {
  const rows = [itemTypeRow()];
  const base: CatalogRepository = {
    list: async (companyId) => ({ count: companyId === 1 ? rows.length : 0, rows: companyId === 1 ? rows : [] }),
    byId: async (companyId, id) => rows.find((r) => r.companyId === companyId && r.id === id),
    byGtin: async (companyId, gtin) => rows.find((r) => r.companyId === companyId && r.gtin === gtin),
    byGtins: async (companyId, gtins) =>
      rows
        .filter((r) => r.companyId === companyId && gtins.includes(r.gtin))
        .map(({ id, gtin, description }) => ({ id, gtin, description })),
    brandBelongsTo: async (companyId, brandId) => companyId === 1 && brandId === 4,
    insert: async () => undefined,
    linkItems: async () => {},
    insertLinked: async (row) => {
      if (rows.some((r) => r.companyId === row.companyId && r.gtin === row.gtin)) return undefined;
      const created = itemTypeRow({ ...row, id: 18 });
      rows.push(created);
      return created;
    },
    ...over,
  };
  const { repo, called } = recordingRepo<CatalogRepository>(base);
  return { repo, rows, called };
};
