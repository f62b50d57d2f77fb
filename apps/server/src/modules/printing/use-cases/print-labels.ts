import type { PrintOrder, printBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import { type StartPrintDeps, startPrint } from './start-print.js';

/** POST /printer/print/: labels from..to (or every label not printed yet) of a print order on a printer. */
export const printLabels = (deps: StartPrintDeps, user: AuthUser, body: z.output<typeof printBodySchema>): Promise<PrintOrder> =>
  startPrint(deps, user, { orderId: body.print_order, printerId: body.printer, from: body.from, to: body.to });
