import { BoxStatus, OrderStatus } from '@rfid/contract';

/** The pure rules of an order's side status and of its lines (docs/design.md §6). */

export const isBoxVerified = (status: number): boolean =>
  status === BoxStatus.CheckedWithErrors || status === BoxStatus.CheckedWithoutErrors;

/**
 * Order side status from its boxes' statuses alone: 0 while no box is verified, 1 while some
 * are, 2 when all are and any has errors, 3 when all are without errors. A canceled side (4)
 * stays canceled. An order without boxes is 0.
 */
export const orderSideStatus = (boxStatuses: readonly number[], current?: number): number => {
  if (current === OrderStatus.Canceled) return OrderStatus.Canceled;
  const relevant = boxStatuses.filter((s) => s !== BoxStatus.Canceled);
  const verified = relevant.filter(isBoxVerified);
  if (verified.length === 0) return OrderStatus.Unchecked;
  if (verified.length < relevant.length) return OrderStatus.Checking;
  return verified.some((s) => s === BoxStatus.CheckedWithErrors)
    ? OrderStatus.CheckedWithErrors
    : OrderStatus.CheckedWithoutErrors;
};

/** Real over expected × 100, capped at 100 (spec section 3, item lines). */
export const linePercent = (real: number, expected: number): number =>
  expected <= 0 ? 0 : Math.min(100, Math.floor((real / expected) * 100));
