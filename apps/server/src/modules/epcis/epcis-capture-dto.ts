import { type Language, render } from '../../i18n/messages.js';
import type { CaptureReportEntry } from './capture/capture.repository.js';
import type { CaptureRow } from './epcis-store.repository.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A report entry of capture-events (older jobs kept their errors in other shapes, answered as they are). */
const isReportEntry = (e: unknown): e is CaptureReportEntry =>
  isObject(e) && (e.kind === 'rejected' || e.kind === 'duplicate') && isObject(e.reason) && typeof e.index === 'number';

/**
 * A capture job as the binding has it, with the report of its events: `errors`, the events refused (by a rule of the
 * standard, or an ASN naming no order) and `duplicates`, those left out because their eventID was there already;
 * each with its index in the document's eventList, its eventID and the reason in the reader's language.
 */
export const captureDto = (row: CaptureRow, language: Language) => {
  const entries = row.errors.map((e) => (isReportEntry(e) ? e : null));
  const rendered = (e: CaptureReportEntry) => ({
    ...(e.index >= 0 ? { index: e.index } : {}),
    ...(e.eventID ? { eventID: e.eventID } : {}),
    ...(e.rule ? { rule: e.rule } : {}),
    reason: render(e.reason, language),
  });
  return {
    captureID: String(row.id),
    createdAt: row.createdAt.toISOString(),
    ...(row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
    running: row.state === 'running',
    success: row.state !== 'failed',
    captureErrorBehaviour: 'rollback',
    eventCount: row.eventCount,
    errors: row.errors.flatMap((e, i) => {
      const entry = entries[i];
      return entry ? (entry.kind === 'rejected' ? [rendered(entry)] : []) : [e];
    }),
    duplicates: entries.flatMap((e) => (e?.kind === 'duplicate' ? [rendered(e)] : [])),
  };
};
export type CaptureJob = ReturnType<typeof captureDto>;
