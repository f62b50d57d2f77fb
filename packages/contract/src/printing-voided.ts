// Voided labels of a print order and their replacements (issue 25, item 7): the labels the print service voided
// (LabelVoidReason) listed with why and when, and replacement labels, each with a new EPC, made for them.
import { z } from 'zod';
import { bigId, idDescriptionSchema } from './common.js';
import { valuesOf } from './const-enum.js';
import { LabelVoidReason, printOrderSchema } from './printing.js';

export const PRINT_VOIDED_PAGE_SIZE = 10;
/** At most this many voided labels named in one replacement request (none named: every voided label of the order). */
export const REPLACE_LABELS_MAX = 1_000;

/** Why a label was voided, as the API answers it (LabelVoidReason in printing.ts). */
export const LABEL_VOID_REASONS = valuesOf(LabelVoidReason);

/** A label as a replacement or the label it replaces names it: its id, number in the order and EPC. */
export const printLabelRefSchema = z.object({ id: z.number(), label_number: z.number(), epc: z.string() });
export type PrintLabelRef = z.infer<typeof printLabelRefSchema>;

/**
 * One voided label of a print order (GET /printer/print_orders/{id}/voided/): its label number, GTIN, serial and EPC,
 * why and when it was voided, the printer of the job that voided it (null for labels voided before it was recorded), and
 * its replacement: a label of the same GTIN with a new EPC, numbered after the order's last label (null: none yet).
 */
export const voidedLabelSchema = z.object({
  id: z.number(),
  label_number: z.number(),
  gtin: z.string(),
  serial_number: z.string(),
  epc: z.string(),
  reason: z.enum(LABEL_VOID_REASONS),
  voided_at: z.string(),
  printer: idDescriptionSchema.nullable(),
  replacement: printLabelRefSchema
    .extend({
      /** When it printed (null: not yet). */
      printed_at: z.string().nullable(),
      /** A replacement can be voided in its turn (and replaced again). */
      voided_at: z.string().nullable(),
    })
    .nullable(),
});
export type VoidedLabel = z.infer<typeof voidedLabelSchema>;

/**
 * POST /printer/print_orders/{id}/replacements/ (roles 1 to 4): a replacement for each voided label named in `labels`
 * (their ids), or for every voided label of the order when `labels` is left out. A voided label gets one replacement
 * only: asking again answers the one it has. The order's total grows by the replacements made; printing its labels not
 * printed yet (POST /printer/print/ without a range) prints them.
 */
export const replaceVoidedLabelsBodySchema = z.object({
  labels: z
    .array(bigId('A label is named by its id (a whole number).'), { error: 'A list of label ids.' })
    .min(1, 'Name at least one label, or leave the list out for every voided label.')
    .max(REPLACE_LABELS_MAX, `At most ${REPLACE_LABELS_MAX} labels at a time.`)
    .optional(),
});
export type ReplaceVoidedLabelsBody = z.input<typeof replaceVoidedLabelsBodySchema>;
export type ReplaceVoidedLabelsInput = z.output<typeof replaceVoidedLabelsBodySchema>;

/** The answer: the order as it is now, how many replacements this call made, and each voided label asked for with its replacement. */
export const replaceVoidedLabelsAnswerSchema = z.object({
  order: printOrderSchema,
  created: z.number(),
  replacements: z.array(z.object({ replaced: printLabelRefSchema, replacement: printLabelRefSchema })),
});
export type ReplaceVoidedLabelsAnswer = z.infer<typeof replaceVoidedLabelsAnswerSchema>;
