import type { Db } from '../../db/client.js';
import { createCatalogRepository } from '../../modules/catalog/catalog.repository.js';
import { createCatalogImportRepository } from '../../modules/catalog/catalog-import.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const catalogImportCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'catalog.catalog-import',
    'modules/catalog/catalog-import.repository.ts',
    createCatalogImportRepository(db),
    {
      create: [{ companyId: 1, createdBy: 1, fileName: 'fileName', format: 'csv' }],
      addChunk: [1, 1, Buffer.from('x')],
      markUploaded: [db, 1, { bytes: 1, chunks: 1, totalRows: 1 }],
      remove: [1],
      get: [1, 1],
      byId: [1],
      list: [1, { limit: 1, offset: 1 }],
      brands: [1],
      chunks: [1, 1],
      markRunning: [1, new Date('2026-01-01T00:00:00.000Z')],
      commitBatch: [
        {
          importId: 1,
          companyId: 1,
          fromRowsDone: 1,
          toRowsDone: 1,
          rows: [
            {
              line: 1,
              gtin: 'gtin',
              description: 'description',
              price: 'price',
              prices: [{ country: 'country', value: 'value' }],
              sizePrimary: 'sizePrimary',
              sizeSecondary: 'sizeSecondary',
              sizes: [{ country: 'country', value: 'value' }],
              colour: 'colour',
              model: 'model',
              season: 'season',
              clothType: 'clothType',
              reference: 'reference',
              department: 'department',
              leatherCode: 'leatherCode',
              provider: 'provider',
              manufacturer: 'manufacturer',
              brandName: 'brandName',
              brandId: 1,
              productType: 'productType',
              gender: 'gender',
              section: 'section',
              zone: 'zone',
              externalImage: 'externalImage',
              minimumStock: 1,
            },
          ],
          rejected: [{ line: 1, gtin: 'gtin', rejection: { reason: 'common.not_found' } }],
        },
      ],
      markSucceeded: (repository) =>
        db.transaction((tx) => repository.markSucceeded(tx, 1, { totalRows: 1, at: new Date('2026-01-01T00:00:00.000Z') })),
      markFailed: [db, 1, 'error', new Date('2026-01-01T00:00:00.000Z')],
      rejections: [1, 1, 1],
    },
  );

export const catalogCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('catalog.catalog', 'modules/catalog/catalog.repository.ts', createCatalogRepository(db), {
    list: [1, {}, { limit: 1, offset: 1 }],
    byId: [1, 1],
    byGtin: [1, 'gtin'],
    byGtins: [1, ['gtin']],
    brandBelongsTo: [1, 1],
    insert: [{ companyId: 1, description: 'description', gtin: 'gtin' }],
    linkItems: [1, 'gtin', 1],
    insertLinked: [{ companyId: 1, description: 'description', gtin: 'gtin' }],
  });
