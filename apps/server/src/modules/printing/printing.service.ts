import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { PrintSpooler } from '../../workers/print-spooler.js';
import { companyTimeZone } from '../locations/location-scope.js';
import { createExpectedLabelsService } from './expected-labels.service.js';
import { createNicelabelService } from './nicelabel.service.js';
import { createPrintingRepository, inPrintingTransaction } from './printing.repository.js';
import { createTagFormatsService } from './tag-formats.service.js';
import { addCsvPrintOrder } from './use-cases/add-csv-print-order.js';
import { addPrintOrder } from './use-cases/add-print-order.js';
import { addPrintOrderFromOrders } from './use-cases/add-print-order-from-orders.js';
import { addToPrinting } from './use-cases/add-to-printing.js';
import { cancelPrintOrder } from './use-cases/cancel-print-order.js';
import { createPrintOrder } from './use-cases/create-print-order.js';
import { createPrinting } from './use-cases/create-printing.js';
import { getPrintOrder } from './use-cases/get-print-order.js';
import { getPrintProgress } from './use-cases/get-print-progress.js';
import { listPrintContents } from './use-cases/list-print-contents.js';
import { listPrintOrders } from './use-cases/list-print-orders.js';
import { listPrintTags } from './use-cases/list-print-tags.js';
import { printExpected } from './use-cases/print-expected.js';
import { printLabels } from './use-cases/print-labels.js';
import { printUpload } from './use-cases/print-upload.js';
import { readPrintLog } from './use-cases/read-print-log.js';
import { uploadPrintCsv } from './use-cases/upload-print-csv.js';

/** The EPC reservation (epc-reservation.ts), as the demo seed uses it. */
export { reserveEpcs } from './epc-reservation.js';

/** GS1 company prefix length the SGTIN-96 EPCs are written with (the demo company's 8437012 has 7 digits). */
export const DEFAULT_COMPANY_PREFIX_LENGTH = 7;

/** How long a cancel waits for the label on the printer to end, and how often it looks. */
const CANCEL_SETTLE_MS = 3_000;
const CANCEL_POLL_MS = 50;

/** Binds a use case to its dependencies: what the routes call with the user and the request's input. */
const bind =
  <D, I, O>(useCase: (deps: D, user: AuthUser, input: I) => O, deps: D) =>
  (user: AuthUser, input: I): O =>
    useCase(deps, user, input);

/**
 * Print orders and printing (use-cases/, one operation a file), with the repository, its transactions and the print
 * spooler they need; tag formats and NiceLabel orders alongside.
 */
export const createPrintingService = ({
  db,
  spooler,
  companyPrefixLength = DEFAULT_COMPANY_PREFIX_LENGTH,
}: {
  db: Db;
  /** Only told when a job is queued: the jobs themselves live in the database. */
  spooler: Pick<PrintSpooler, 'wake'>;
  companyPrefixLength?: number;
}) => {
  const repo = createPrintingRepository(db);
  const inTransaction = inPrintingTransaction(db);
  const wake = () => spooler.wake();
  const deps = { repo, inTransaction, wake, companyPrefixLength };
  const expected = createExpectedLabelsService({ repo, createOrder: (user, order) => createPrintOrder(deps, user, order) });
  const { expectedPrintOrder, ordersPrintOrder } = expected;

  return {
    ...createTagFormatsService(db),
    ...createNicelabelService({ db, expectedPrintOrder }),
    list: bind(listPrintOrders, repo),
    get: bind(getPrintOrder, repo),
    createFromOrders: bind(addPrintOrderFromOrders, { repo, ordersPrintOrder }),
    create: bind(addPrintOrder, deps),
    createFromCsv: bind(addCsvPrintOrder, deps),
    cancel: bind(cancelPrintOrder, { repo, settleMs: CANCEL_SETTLE_MS, pollMs: CANCEL_POLL_MS, delay }),
    progress: bind(getPrintProgress, repo),
    contents: bind(listPrintContents, repo),
    tags: bind(listPrintTags, repo),
    print: bind(printLabels, deps),
    printLog: bind(readPrintLog, { repo, timeZone: (user: AuthUser) => companyTimeZone(db, user) }),
    /* The printer upload ("Other" calls). */
    upload: bind(uploadPrintCsv, deps),
    printUpload: bind(printUpload, deps),
    createPrinting: bind(createPrinting, deps),
    addToPrinting: bind(addToPrinting, deps),
    printExpected: bind(printExpected, { ...deps, expectedPrintOrder }),
  };
};
export type PrintingService = ReturnType<typeof createPrintingService>;
