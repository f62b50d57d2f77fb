import type { ReplaceVoidedLabelsAnswer, ReplaceVoidedLabelsBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { printKeys } from '../../print-wizard';

/**
 * POST /printer/print_orders/{id}/replacements/: a replacement label (a new EPC) for each voided label without one (or
 * those named); asking again makes none and answers the same ones.
 */
export const replaceVoidedLabels = ({ id, body = {} }: { id: number | string; body?: ReplaceVoidedLabelsBody }) =>
  apiRequest<ReplaceVoidedLabelsAnswer>(`/printer/print_orders/${id}/replacements/`, { method: 'POST', body, silent: true });

/** The order, its labels and its voided labels reload once it is done (its total and state change). */
export const useReplaceVoidedLabels = () => useSettledMutation(replaceVoidedLabels, printKeys.orders);
