import {
  type PrintLabelRef,
  PrintOrderState,
  type ReplaceVoidedLabelsAnswer,
  type ReplaceVoidedLabelsInput,
} from '@rfid/contract';
import { conflict, fieldError, foundOr } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type ReservedEpc, reserveEpcs } from '../epc-reservation.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { NewReplacement, VoidedLabelsRepository } from '../voided-labels.repository.js';

export type ReplaceVoidedLabelsDeps = {
  /** Runs `work` in one transaction with the repository of that transaction (voided-labels.repository.ts). */
  inTransaction: <T>(work: (repo: VoidedLabelsRepository) => Promise<T>) => Promise<T>;
  /** GS1 company prefix length the EPCs are written with (as the order's other labels). */
  companyPrefixLength: number;
};

/**
 * POST /printer/print_orders/{id}/replacements/: a replacement label for each voided label of the order (those named in
 * `labels`, or all), in one transaction.
 *
 * - A replacement is one more label of the order: the voided label's content row and GTIN, a NEW EPC reserved as every
 *   label's (epc-reservation.ts; the voided EPC is never sent again), numbered after the order's last label, linked to
 *   the label it replaces. The order's total grows by the replacements made and counts them in `replaced_labels`; its
 *   voided count stays (those labels stay voided), so printed + voided + left to print = total still holds.
 * - Once only: a voided label that has a replacement keeps it (a second call answers it and makes none). The order row
 *   is locked first, so a second call at the same time waits and then finds the first one's replacements (and the
 *   unique index on `replaces_tag_id` would refuse a second replacement anyway).
 * - The order then settles as the module's rules say (PARTIAL with labels printed, else PENDING; ERROR stays) with its
 *   next label at the first label left to print: printing its remaining labels (POST /printer/print/ without a range)
 *   prints the replacements.
 * - Refused (409) while the order prints or a job of it still holds a printer, when there is something to make; a
 *   label named that is not a voided label of the order is a 400 on `labels`; an order the user does not see a 404.
 */
export const replaceVoidedLabels = (
  { inTransaction, companyPrefixLength }: ReplaceVoidedLabelsDeps,
  user: AuthUser,
  { printOrderId, body }: { printOrderId: number; body: ReplaceVoidedLabelsInput },
): Promise<ReplaceVoidedLabelsAnswer> =>
  inTransaction(async (repo) => {
    const order = await foundOr(repo.lockOrder(user, printOrderId), 'print.order_not_found');
    const ids = body.labels ? [...new Set(body.labels)] : null;
    const voided = await repo.voidedLabels(order.id, ids);
    if (ids) {
      const found = new Set(voided.map((label) => label.id));
      const strangers = ids.filter((id) => !found.has(id));
      if (strangers.length) throw fieldError('labels', msg('print.labels_not_voided', { ids: strangers.join(', ') }));
    } else if (voided.length === 0) {
      throw conflict('print.no_voided_labels');
    }

    const missing = voided.filter((label) => label.replacement === null);
    if (missing.length > 0) {
      if (order.state === PrintOrderState.Working) throw conflict('print.printing_already');
      if (order.holdsPrinter) throw conflict('print.finishing_job');
    }

    // EPCs reserved per GTIN in GTIN order (as an order's creation does: two reservations never wait in a cycle).
    const counts = new Map<string, number>();
    for (const label of missing) counts.set(label.gtin, (counts.get(label.gtin) ?? 0) + 1);
    const reserved = new Map<string, ReservedEpc[]>();
    for (const gtin of [...counts.keys()].sort()) {
      reserved.set(
        gtin,
        await reserveEpcs(repo, {
          companyId: order.companyId,
          gtin,
          count: counts.get(gtin) ?? 0,
          filter: order.filterValue,
          companyPrefixLength,
        }),
      );
    }
    const rows: NewReplacement[] = missing.map((label) => {
      const epc = reserved.get(label.gtin)?.shift();
      if (!epc) throw new Error(`no EPC reserved for GTIN ${label.gtin}`);
      return { replacesTagId: label.id, contentId: label.contentId, gtin: label.gtin, serial: epc.serial, epc: epc.epc };
    });
    const added = await repo.addReplacements(order, rows);
    const made = new Map<number, PrintLabelRef>();
    rows.forEach((row, index) => {
      const label = added[index];
      if (label) made.set(row.replacesTagId, label);
    });

    const now = await foundOr(repo.order(user, order.id), 'print.order_not_found');
    return {
      order: toPrintOrderDto(now),
      created: added.length,
      replacements: voided.flatMap((label) => {
        const replacement = label.replacement ?? made.get(label.id);
        const replaced = { id: label.id, label_number: label.label_number, epc: label.epc };
        return replacement ? [{ replaced, replacement }] : [];
      }),
    };
  });
