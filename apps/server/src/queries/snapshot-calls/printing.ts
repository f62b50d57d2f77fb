import type { Db } from '../../db/client.js';
import { createPrintJobsRepository } from '../../modules/printing/print-jobs.repository.js';
import { createPrintingRepository } from '../../modules/printing/printing.repository.js';
import { createTagFormatsRepository } from '../../modules/printing/tag-formats.repository.js';
import { createVoidedLabelsRepository } from '../../modules/printing/voided-labels.repository.js';
import { type CallArgs, type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

/** The print jobs repository's calls; the printing repository has its methods too. */
const printJobsArgs: CallArgs<ReturnType<typeof createPrintJobsRepository>> = {
  startJob: [{ orderId: 1, printerId: 1, from: 1, to: 1 }],
  sendableLabels: [1, 1, 1],
  cancel: [1],
  jobHoldsPrinter: [1],
  claimablePrinters: [],
  claimPrinter: [{ printerId: 1, owner: 'owner', leaseMs: 1 }],
  renewLease: [{ printerId: 1, owner: 'owner', leaseMs: 1 }],
  releaseLease: [{ printerId: 1, owner: 'owner' }],
  jobToRun: [1],
  jobLabels: [1, 1, 1, 1],
  beginLabel: [{ printerId: 1, owner: 'owner', leaseMs: 1, orderId: 1, jobSeq: 1, tagId: 1 }],
  voidLabel: [{ printerId: 1, owner: 'owner', orderId: 1, tagId: 1 }],
  labelPrinted: [{ orderId: 1, jobSeq: 1, tagId: 1, labelNumber: 1, printerId: 1 }],
  finishJob: [1, 1],
  failJob: [1, 1, 'error'],
};

/** The tag formats repository's calls; the printing repository has its methods too. */
const tagFormatsArgs: CallArgs<ReturnType<typeof createTagFormatsRepository>> = {
  tagTypes: [1, { onlyWithFormats: true }, { limit: 1, offset: 1 }],
  insertTagType: [{ companyId: 1, reference: 'reference', epcBits: 1 }],
  tagFormats: [1, { limit: 1, offset: 1 }],
  tagFormat: [1, 1],
  tagType: [1, 1],
  insertTagFormat: [{ companyId: 1, description: 'description', zplTemplate: 'zplTemplate', digitalLinkQr: true }],
  setDigitalLinkQr: [1, 1, true],
  companyFormats: [1, {}, { limit: 1, offset: 1 }],
  companyFormat: [1, 1],
  defaultCompanyFormatId: [1],
  insertCompanyFormat: [{ companyId: 1, tagTypeId: 1, tagFormatId: 1, filterValue: 1 }],
  company: [1],
};

export const printJobsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'printing.print-jobs',
    'modules/printing/print-jobs.repository.ts',
    createPrintJobsRepository(db),
    printJobsArgs,
  );

export const tagFormatsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'printing.tag-formats',
    'modules/printing/tag-formats.repository.ts',
    createTagFormatsRepository(db),
    tagFormatsArgs,
  );

export const voidedLabelsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('printing.voided-labels', 'modules/printing/voided-labels.repository.ts', createVoidedLabelsRepository(db), {
    reserveSerials: [1, 'gtin', 1],
    existingItemEpcs: [1, ['epc']],
    order: [user, 1],
    listVoided: [1, { limit: 1, offset: 1 }],
    lockOrder: [user, 1],
    voidedLabels: [1, [1]],
    addReplacements: [
      { id: 1, companyId: 1, state: 'PENDING', totalQuantity: 1, filterValue: 1, holdsPrinter: true },
      [{ replacesTagId: 1, contentId: 1, gtin: 'gtin', serial: 1, epc: 'epc' }],
    ],
  });

export const printingCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('printing.printing', 'modules/printing/printing.repository.ts', createPrintingRepository(db), {
    purchaseOrdersToPrint: [user, [1]],
    boxToPrint: [user, 1],
    expectedContents: [{ orderIds: [1] }],
    nicelabelOrders: [user, {}, { limit: 1, offset: 1 }],
    insertNicelabelOrder: [{ companyId: 1, orderId: 1, printOrderId: 1, createdBy: 1 }],
    advanceNicelabelOrder: [1, 1],
    completePrintOrder: [1],
    deletePrintOrder: [1],
    printer: [user, 1],
    visibleLocationIds: [user, [1]],
    brandOf: [1, 1],
    itemTypesByGtin: [1, ['gtin']],
    itemTypesById: [1, [1]],
    listOrders: [user, {}, 'orderBy', { limit: 1, offset: 1 }],
    order: [user, 1],
    insertOrder: [{ companyId: 1, tagCompanyFormatId: 1 }],
    insertOrderLocations: [1, [1]],
    insertContent: [{ printOrderId: 1, itemTypeId: 1, gtin: 'gtin', quantity: 1 }],
    addToTotal: [1, 1],
    reserveSerials: [1, 'gtin', 1],
    existingItemEpcs: [1, ['epc']],
    insertTags: [[{ companyId: 1, gtin: 'gtin', epc: 'epc', serial: 1, labelNumber: 1, printOrderId: 1, contentId: 1 }]],
    contents: [1, { limit: 1, offset: 1 }],
    tags: [1, { limit: 1, offset: 1 }],
    printLogChunk: [
      user,
      {
        from: new Date('2026-01-01T00:00:00.000Z'),
        to: new Date('2026-01-01T00:00:00.000Z'),
        after: { at: 'at', id: 1 },
        limit: 1,
      },
    ],
    ...printJobsArgs,
    ...tagFormatsArgs,
  });
