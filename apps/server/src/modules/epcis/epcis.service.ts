import type { EpcisPagingQuery } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import type { Language } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { VocabularyName } from './epcis.repository.js';
import { createEpcisRepository } from './epcis-store.repository.js';
import { captureDocument } from './use-cases/capture-document.js';
import { getCaptureJob } from './use-cases/get-capture-job.js';
import { getEvent } from './use-cases/get-event.js';
import { listCaptureJobs } from './use-cases/list-capture-jobs.js';
import { listVocabulary } from './use-cases/list-vocabulary.js';

/**
 * The EPCIS use cases of events, vocabularies and captures (use-cases/*.ts) over the database's EPCIS repository, as
 * the routes call them. The query interface (SimpleEventQuery), named queries and subscriptions are use cases the
 * routes call on the queries repository (epcis-queries.repository.ts).
 */
export const createEpcisService = (db: Db) => {
  const repo = createEpcisRepository(db);
  return {
    event: (user: AuthUser, eventId: string) => getEvent(repo, { user, eventId }),
    vocabulary: (user: AuthUser, name: VocabularyName, query: EpcisPagingQuery) => listVocabulary(repo, { user, name, query }),
    capture: (user: AuthUser, document: unknown) => captureDocument(repo, { user, document, now: new Date() }),
    captureJob: (user: AuthUser, id: number, language: Language = 'en') => getCaptureJob(repo, { user, id, language }),
    captureJobs: (user: AuthUser, query: EpcisPagingQuery, language: Language = 'en') =>
      listCaptureJobs(repo, { user, query, language }),
  };
};
export type EpcisService = ReturnType<typeof createEpcisService>;
