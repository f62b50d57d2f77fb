import type { Db } from '../../db/client.js';
import * as figuresRepository from '../../modules/stats/figures.repository.js';
import * as statsRepository from '../../modules/stats/stats.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const figuresCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stats.figures',
    'modules/stats/figures.repository.ts',
    {
      inboundFigures: figuresRepository.inboundFigures,
      entryFigures: figuresRepository.entryFigures,
      exitFigures: figuresRepository.exitFigures,
      saleFigures: figuresRepository.saleFigures,
      inventoryFigures: figuresRepository.inventoryFigures,
    },
    {
      inboundFigures: [
        db,
        {
          locationIds: [1],
          from: new Date('2026-01-01T00:00:00.000Z'),
          to: new Date('2026-01-01T00:00:00.000Z'),
          dayStart: new Date('2026-01-01T00:00:00.000Z'),
          dayEnd: new Date('2026-01-01T00:00:00.000Z'),
        },
      ],
      entryFigures: [
        db,
        { locationIds: [1], from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z') },
      ],
      exitFigures: [
        db,
        {
          locationIds: [1],
          from: new Date('2026-01-01T00:00:00.000Z'),
          to: new Date('2026-01-01T00:00:00.000Z'),
          types: ['movement'],
        },
      ],
      saleFigures: [
        db,
        { locationIds: [1], from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z') },
      ],
      inventoryFigures: [
        db,
        { locationIds: [1], from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z') },
      ],
    },
  );

export const statsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stats.stats',
    'modules/stats/stats.repository.ts',
    {
      companyOf: statsRepository.companyOf,
      visibleLocationIds: statsRepository.visibleLocationIds,
      brandOf: statsRepository.brandOf,
      brandLocationIds: statsRepository.brandLocationIds,
      stockNow: statsRepository.stockNow,
      theoreticalNow: statsRepository.theoreticalNow,
      snapshotTotalOn: statsRepository.snapshotTotalOn,
      itemsOut: statsRepository.itemsOut,
      orderStatusCounts: statsRepository.orderStatusCounts,
      orderBuckets: statsRepository.orderBuckets,
      posBuckets: statsRepository.posBuckets,
      stockBuckets: statsRepository.stockBuckets,
      listStockEvolution: statsRepository.listStockEvolution,
    },
    {
      companyOf: [db, 1],
      visibleLocationIds: [db, user],
      brandOf: [db, 1, 1],
      brandLocationIds: [db, user, 1],
      stockNow: [db, [1]],
      theoreticalNow: [db, [1]],
      snapshotTotalOn: [db, { locationIds: [1], day: '2026-01-01', lookbackDays: 1 }],
      itemsOut: [db, { locationIds: [1], from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z') }],
      orderStatusCounts: [
        db,
        { locationIds: [1], from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z') },
      ],
      orderBuckets: [
        db,
        {
          locationIds: [1],
          module: 'online',
          from: new Date('2026-01-01T00:00:00.000Z'),
          to: new Date('2026-01-01T00:00:00.000Z'),
          format: 'format',
          timeZone: 'Europe/Madrid',
        },
      ],
      posBuckets: [
        db,
        {
          locationIds: [1],
          from: new Date('2026-01-01T00:00:00.000Z'),
          to: new Date('2026-01-01T00:00:00.000Z'),
          format: 'format',
          timeZone: 'Europe/Madrid',
        },
      ],
      stockBuckets: [db, { locationIds: [1], start: 'start', end: 'end', format: 'format' }],
      listStockEvolution: [
        db,
        {
          user,
          areaIsNull: true,
          ascending: true,
          page: { limit: 1, offset: 1 },
        },
      ],
    },
  );
