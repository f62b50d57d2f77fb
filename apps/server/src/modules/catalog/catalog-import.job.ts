import type { Db } from '../../db/client.js';
import { type JobKind, JobLeaseLostError } from '../../workers/job-runner.js';
import { createCatalogImportRepository } from './catalog-import.repository.js';
import { runCatalogImport } from './use-cases/run-catalog-import.js';

export const CATALOG_IMPORT_JOB = 'catalog-import';

export type CatalogImportJobPayload = { importId: number };

/** The job's key: one job per import. */
export const catalogImportJobKey = (importId: number): string => `${CATALOG_IMPORT_JOB}:${importId}`;

/**
 * A catalogue import as a job of the job runner (plugins/workers.ts registers it): any process runs it; one that dies
 * leaves it to another once its lease runs out, which goes on after the last committed batch (use-cases/
 * run-catalog-import.ts). After its last attempt the import is failed, its file dropped.
 */
export const catalogImportJob = (db: Db): JobKind<CatalogImportJobPayload> => {
  const repo = createCatalogImportRepository(db);
  return {
    kind: CATALOG_IMPORT_JOB,
    handler: ({ job, heartbeat, finish, signal }) =>
      runCatalogImport({ repo, heartbeat, finish, signal, lost: () => new JobLeaseLostError() }, job.payload.importId),
    options: {
      maxAttempts: 5,
      onFailed: (tx, job) => repo.markFailed(tx, job.payload.importId, 'catalogue.failed', new Date()),
    },
  };
};
