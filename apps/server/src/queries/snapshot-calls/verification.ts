import type { Db } from '../../db/client.js';
import { createEngine } from '../../modules/engine/engine.js';
import { readingSetPipeline } from '../../modules/engine/pipeline.js';
import { createHandheldReceiptRepository } from '../../modules/verification/handheld-receipt.repository.js';
import * as verificationRepository from '../../modules/verification/verification.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const verificationCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'verification.verification',
    'modules/verification/verification.repository.ts',
    {
      findBoxByCodebar: verificationRepository.findBoxByCodebar,
      lockOrder: verificationRepository.lockOrder,
      expectedContents: verificationRepository.expectedContents,
      insertVerification: verificationRepository.insertVerification,
      recomputeBoxAndOrder: verificationRepository.recomputeBoxAndOrder,
      getVerification: verificationRepository.getVerification,
      listBoxVerifications: verificationRepository.listBoxVerifications,
      setVerificationValid: verificationRepository.setVerificationValid,
      verificationReport: verificationRepository.verificationReport,
      verificationItems: verificationRepository.verificationItems,
    },
    {
      findBoxByCodebar: [db, 1, 'codebar'],
      lockOrder: [db, 1],
      expectedContents: [db, 1],
      insertVerification: [
        db,
        {
          companyId: 1,
          boxId: 1,
          orderId: 1,
          readingSetId: 'readingSetId',
          deviceId: 1,
          side: 'origin',
          code: 'code',
          startTime: new Date('2026-01-01T00:00:00.000Z'),
          endTime: new Date('2026-01-01T00:00:00.000Z'),
          realItemCount: 1,
          matchedItemCount: 1,
          hasErrors: true,
          lines: [{ gtin: 'gtin', itemTypeId: 1, expected: 1, real: 1 }],
        },
      ],
      recomputeBoxAndOrder: [db, { boxId: 1, orderId: 1, side: 'origin' }],
      getVerification: [db, user, 1],
      listBoxVerifications: [db, { boxId: 1, side: 'origin', orderBy: 'orderBy', page: { limit: 1, offset: 1 } }],
      setVerificationValid: [db, 1, true],
      verificationReport: [db, { verificationId: 1, page: { limit: 1, offset: 1 } }],
      verificationItems: [db, { readingSetId: 'readingSetId', boxId: 1, page: { limit: 1, offset: 1 } }],
    },
  );

// The handheld app's box receipts: its own statement (location() is the locations module's, boxOf verification's
// findBoxByCodebar, isStored ingestion's setById, ingest the engine's).
export const handheldReceiptCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'verification.handheld-receipt',
    'modules/verification/handheld-receipt.repository.ts',
    (({ receivingReader }) => ({ receivingReader }))(
      createHandheldReceiptRepository(db, createEngine({ db, pipeline: readingSetPipeline({ isHandlersOnly: true }) })),
    ),
    { receivingReader: [1] },
  );
