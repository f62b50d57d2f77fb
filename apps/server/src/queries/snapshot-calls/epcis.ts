import type { Db } from '../../db/client.js';
import { createCaptureRepository } from '../../modules/epcis/capture/capture.repository.js';
import * as demoHistoryRepository from '../../modules/epcis/demo-history.repository.js';
import * as epcisRepository from '../../modules/epcis/epcis.repository.js';
import { createEpcisQueriesRepository } from '../../modules/epcis/epcis-queries.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

/** An events query, as searched and as counted. */
const eventQuery: Parameters<ReturnType<typeof createEpcisQueriesRepository>['searchEvents']>[1] = {
  criteria: [{ kind: 'column', column: 'action', values: ['value'] }],
  orderBy: { kind: 'column', column: 'eventTime' },
  orderDirection: 'ASC',
  eventCountLimit: 1,
  maxEventCount: 1,
};

export const epcisQueriesCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('epcis.epcis-queries', 'modules/epcis/epcis-queries.repository.ts', createEpcisQueriesRepository(db), {
    searchEvents: [{ companyId: 1, locationIds: [1] }, eventQuery, { limit: 1 }],
    countEvents: [{ companyId: 1, locationIds: [1] }, eventQuery, 1],
    createQuery: [1, 1, 'name', {}],
    listQueries: [1, { limit: 1 }],
    getQuery: [1, 'name'],
    deleteQuery: [1, 1],
    createSubscription: [
      {
        companyId: 1,
        queryId: 1,
        userId: 1,
        dest: 'dest',
        secret: 'secret',
        stream: true,
        schedule: {},
        reportIfEmpty: true,
        initialRecordTime: new Date('2026-01-01T00:00:00.000Z'),
        locationIds: [1],
        nextRunAt: new Date('2026-01-01T00:00:00.000Z'),
      },
    ],
    listSubscriptions: [1],
    getSubscription: [1, 'subscriptionId'],
    deleteSubscription: [1, 1],
    dueSubscriptions: [new Date('2026-01-01T00:00:00.000Z'), 1],
    lockSubscription: [1],
    endpointOf: [1, 1],
    markRun: [
      1,
      {
        minRecordTime: new Date('2026-01-01T00:00:00.000Z'),
        lastRunAt: new Date('2026-01-01T00:00:00.000Z'),
        nextRunAt: new Date('2026-01-01T00:00:00.000Z'),
        notified: true,
      },
    ],
    emitResult: [1, 1, 'subscriptionId', {}],
  });

export const captureCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('epcis.capture', 'modules/epcis/capture/capture.repository.ts', createCaptureRepository(db), {
    locationsByGln: [1, ['gln']],
    storeEvents: [
      [
        {
          companyId: 1,
          eventId: 'eventId',
          eventType: 'eventType',
          eventTime: new Date('2026-01-01T00:00:00.000Z'),
          document: {},
        },
      ],
    ],
    finishCapture: [1, { state: 'succeeded', eventCount: 1, errors: [null] }],
  });

export const demoHistoryCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'epcis.demo-history',
    'modules/epcis/demo-history.repository.ts',
    { seedDemoEpcisEvents: demoHistoryRepository.seedDemoEpcisEvents },
    {
      seedDemoEpcisEvents: [db],
    },
  );

export const epcisCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'epcis.epcis',
    'modules/epcis/epcis.repository.ts',
    {
      ledgerContext: epcisRepository.ledgerContext,
      insertEvents: epcisRepository.insertEvents,
      queryEvents: epcisRepository.queryEvents,
      vocabulary: epcisRepository.vocabulary,
      insertCapture: epcisRepository.insertCapture,
      getCapture: epcisRepository.getCapture,
      listCaptures: epcisRepository.listCaptures,
      purchaseOrderByCode: epcisRepository.purchaseOrderByCode,
    },
    {
      ledgerContext: [db, { setIds: ['setId'], locationIds: [1], areaIds: [1] }],
      insertEvents: [
        db,
        [
          {
            companyId: 1,
            eventId: 'eventId',
            eventType: 'eventType',
            eventTime: new Date('2026-01-01T00:00:00.000Z'),
            document: {},
          },
        ],
      ],
      queryEvents: [db, user, {}, 1],
      vocabulary: [db, user, 'epcs', { limit: 1 }],
      insertCapture: [db, { companyId: 1, userId: 1 }],
      getCapture: [db, 1, 1],
      listCaptures: [db, 1, { limit: 1 }],
      purchaseOrderByCode: [db, 1, 'code'],
    },
  );
