import type { Db } from '../../db/client.js';
import * as onlineRepository from '../../modules/online/online.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const onlineCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'online.online',
    'modules/online/online.repository.ts',
    { orderContents: onlineRepository.orderContents },
    {
      orderContents: [db, 1, { limit: 1, offset: 1 }],
    },
  );
