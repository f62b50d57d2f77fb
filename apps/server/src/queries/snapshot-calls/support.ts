import type { Db } from '../../db/client.js';
import * as supportRepository from '../../modules/support/support.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const supportCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'support.support',
    'modules/support/support.repository.ts',
    {
      insertTicket: supportRepository.insertTicket,
      listTickets: supportRepository.listTickets,
      getTicket: supportRepository.getTicket,
    },
    {
      insertTicket: [db, { companyId: 1, description: 'description', email: 'email', topic: 'topic' }],
      listTickets: [db, 1, { limit: 1, offset: 1 }],
      getTicket: [db, 1],
    },
  );
