import { type CatalogImport, ImportState } from '@rfid/contract';
import { catalogue, type Language, type MessageKey, render } from '../../i18n/messages.js';
import type { CatalogImportRow } from './catalog-import.repository.js';

/** How far an import is, 0 to 100: 100 only once it succeeded. */
export const percentOf = (row: Pick<CatalogImportRow, 'state' | 'rowsDone' | 'totalRows'>): number => {
  if (row.state === ImportState.Succeeded) return 100;
  if (!row.totalRows) return 0;
  return Math.min(99, Math.floor((row.rowsDone * 100) / row.totalRows));
};

/** A stored message key in the reader's language (a text that is no key is shown as it is). */
export const renderStored = (key: string, language: Language, params?: Record<string, string | number>): string =>
  // The key was checked against the catalogue just before.
  key in catalogue ? render({ key: key as MessageKey, ...(params ? { params } : {}) }, language) : key;

export const toCatalogImportDto = (row: CatalogImportRow, language: Language): CatalogImport => ({
  id: row.id,
  file_name: row.fileName,
  format: row.format,
  bytes: row.bytes,
  state: row.state,
  total_rows: row.totalRows,
  rows_done: row.rowsDone,
  percent: percentOf(row),
  inserted: row.inserted,
  updated: row.updated,
  unchanged: row.unchanged,
  rejected: row.rejected,
  ignored_columns: row.ignoredColumns,
  error: row.error === null ? null : renderStored(row.error, language),
  created_by: row.createdByEmail,
  created_at: row.createdAt.toISOString(),
  started_at: row.startedAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
});
