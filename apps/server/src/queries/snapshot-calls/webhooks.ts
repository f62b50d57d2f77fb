import type { Db } from '../../db/client.js';
import * as emitRepository from '../../modules/webhooks/emit.repository.js';
import * as stockAlarmsRepository from '../../modules/webhooks/stock-alarms.repository.js';
import { createWebhooksRepository } from '../../modules/webhooks/webhooks.repository.js';
import { createSenderRepository } from '../../modules/webhooks/webhooks.sender.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

/** A claimed delivery, as it succeeds or fails. */
const claimedDelivery: Parameters<ReturnType<typeof createSenderRepository>['succeed']>[1] = {
  id: 1,
  endpointId: 1,
  messageId: 1,
  attempts: 1,
  eventType: 'eventType',
  payload: {},
  messageCreatedAt: new Date('2026-01-01T00:00:00.000Z'),
  url: 'url',
  secret: 'secret',
  previousSecret: 'previousSecret',
  previousSecretUntil: new Date('2026-01-01T00:00:00.000Z'),
};

export const webhooksSenderCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('webhooks.webhooks.sender', 'modules/webhooks/webhooks.sender.repository.ts', createSenderRepository(db), {
    claim: ['owner', 1, 1],
    succeed: ['owner', claimedDelivery, { status: 1, error: 'error', durationMs: 1 }],
    fail: ['owner', claimedDelivery, { status: 1, error: 'error', durationMs: 1 }, { retryInMs: 1 }, () => null],
    prune: [1],
  });

export const webhooksCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('webhooks.webhooks', 'modules/webhooks/webhooks.repository.ts', createWebhooksRepository(db), {
    list: [1],
    get: [1, 1],
    countCompanyLocations: [1, [1]],
    create: [
      1,
      {
        url: 'url',
        description: 'description',
        eventTypes: ['eventType'],
        locationIds: [1],
        secret: 'secret',
        enabled: true,
        createdBy: 1,
      },
    ],
    update: [1, 1, {}],
    disable: [1, 1, 'reason'],
    enable: [1, 1],
    remove: [1, 1],
    rotateSecret: [1, 1, 'secret', new Date('2026-01-01T00:00:00.000Z')],
    deliveries: [1, {}, { limit: 1, offset: 1 }],
    replay: [1, 1],
    replayFailedSince: [1, new Date('2026-01-01T00:00:00.000Z')],
  });

export const emitCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'webhooks.emit',
    'modules/webhooks/emit.repository.ts',
    { emitWebhookEvent: emitRepository.emitWebhookEvent, emitWebhookEvents: emitRepository.emitWebhookEvents },
    {
      emitWebhookEvent: [db, { companyId: 1, locationId: 1, type: 'epcis.event', subject: 'subject', data: {} }],
      emitWebhookEvents: [db, [{ companyId: 1, locationId: 1, type: 'epcis.event', subject: 'subject', data: {} }]],
    },
  );

export const stockAlarmsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'webhooks.stock-alarms',
    'modules/webhooks/stock-alarms.repository.ts',
    {
      hasStockAlarmSubscribers: stockAlarmsRepository.hasStockAlarmSubscribers,
      stockChanges: stockAlarmsRepository.stockChanges,
    },
    {
      hasStockAlarmSubscribers: [db],
      stockChanges: [
        db,
        [
          {
            itemId: 1,
            epc: 'epc',
            from: { state: 0, areaId: 1, locationId: 1 },
            to: { state: 0, areaId: 1, locationId: 1 },
            why: 'verification',
            readingSetId: 'readingSetId',
            at: new Date('2026-01-01T00:00:00.000Z'),
          },
        ],
      ],
    },
  );
