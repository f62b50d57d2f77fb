import type { Db } from '../../db/client.js';
import * as liveRepository from '../../modules/live/live.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const liveCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'live.live',
    'modules/live/live.repository.ts',
    {
      insertLiveRows: liveRepository.insertLiveRows,
      companiesOfLocations: liveRepository.companiesOfLocations,
      liveEventsByIds: liveRepository.liveEventsByIds,
      liveEventsAfter: liveRepository.liveEventsAfter,
      pruneLiveEvents: liveRepository.pruneLiveEvents,
    },
    {
      insertLiveRows: [db, [{ companyId: 1, locationId: 1, topic: 'topic', payload: {} }]],
      companiesOfLocations: [db, [1]],
      liveEventsByIds: [db, [1]],
      liveEventsAfter: [db, { companyId: 1, locationIds: [1], afterId: 1, limit: 1 }],
      pruneLiveEvents: [db, 1],
    },
  );
