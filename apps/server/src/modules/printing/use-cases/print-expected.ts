import type { expectedPrintingBodySchema, PrintOrder } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import { loadPrinter } from './print-order-scope.js';
import { type StartPrintDeps, startPrint } from './start-print.js';

export type ExpectedTarget = { orderId: number } | { boxId: number };

export type PrintExpectedDeps = StartPrintDeps & {
  /** A print order (not printing) of the target's expected labels (expected-labels.service.ts). */
  expectedPrintOrder: (user: AuthUser, target: ExpectedTarget, printerId?: number) => Promise<number>;
};

/**
 * POST /porders/{id}/printing/ and /rboxes/{id}/printing/ (the dashboard's "tick for printing"): a print order with the
 * expected labels of a purchase order's boxes, or of one box, reserved and printed on the printer.
 */
export const printExpected = async (
  deps: PrintExpectedDeps,
  user: AuthUser,
  { target, body }: { target: ExpectedTarget; body: z.output<typeof expectedPrintingBodySchema> },
): Promise<PrintOrder> => {
  const printer = await loadPrinter(deps.repo, user, body.printer_id);
  const id = await deps.expectedPrintOrder(user, target, printer.id);
  return startPrint(deps, user, { orderId: id, printerId: printer.id });
};
