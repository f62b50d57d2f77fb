import { LabelVoidReason, type NicelabelOrder, type PrintError, type PrintOrder, parseStoredPrintError } from '@rfid/contract';
import type { NicelabelRow, PrintOrderRow } from './printing.repository.js';

/** The API's shapes of the printing rows (print orders, NiceLabel orders). */

/** A voided label's reason; labels voided before reasons were recorded were all unconfirmed ones. */
export const voidReasonOf = (reason: string | null): LabelVoidReason =>
  reason === LabelVoidReason.EncodeFailed ? LabelVoidReason.EncodeFailed : LabelVoidReason.Unconfirmed;

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const toPrintOrderDto = (row: PrintOrderRow): PrintOrder => ({
  id: row.id,
  name: row.name,
  location: row.location ?? [],
  brand: row.brand_id === null ? null : { id: row.brand_id, description: row.brand_description ?? '' },
  creation_date: iso(row.creation_date) as string,
  tag_company_format: {
    id: row.tcf_id,
    tag_type: { id: row.tag_type_id, reference: row.tag_type_reference },
    tag_format: { id: row.tag_format_id, description: row.tag_format_description },
  },
  state: row.state,
  total_quantity: row.total_quantity,
  from_label: row.from_label,
  progress: row.progress,
  canceled: row.canceled,
  printer: row.printer_id === null ? null : { id: row.printer_id, description: row.printer_description ?? '' },
  source: row.source,
  contents_count: row.contents_count,
  ...orderError(row.state === 'ERROR' ? row.error : null),
  voided_labels: row.voided_labels,
  replaced_labels: row.replaced_labels,
});

/** The stored error (JSON of a PrintError, or older English text) as the API answers it: English text and its code. */
export const orderError = (stored: string | null): { error: string | null; error_detail: PrintError | null } => {
  const parsed = parseStoredPrintError(stored);
  return { error: parsed?.message ?? null, error_detail: parsed?.detail ?? null };
};

export const toNicelabelDto = (row: NicelabelRow): NicelabelOrder => ({
  id: row.id,
  status: row.status,
  order: { id: row.order_id, order_code: row.order_code },
  print_order: {
    id: row.print_order_id,
    name: row.print_order_name,
    total_quantity: row.total_quantity,
    state: row.print_order_state,
  },
  labels: `/api/printer/print_orders/${row.print_order_id}/items/`,
  created_at: iso(row.created_at) as string,
  updated_at: iso(row.updated_at) as string,
});
