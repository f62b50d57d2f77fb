import { fetchFile } from '../../../lib/files';

/** The spec's default name when the answer names none (section 7). */
export const defaultCsvName = (id: number): string => `Inventory-${id}.csv`;

/**
 * GET /inventorys/{id}/csv/ (20 s timeout): the file created last, with its name from the
 * Content-Disposition header (default Inventory-{id}.csv).
 */
export const downloadInventoryCsv = (id: number, signal?: AbortSignal): Promise<{ name: string; blob: Blob }> =>
  fetchFile(`/inventorys/${id}/csv/`, { fallbackName: defaultCsvName(id), accept: 'text/csv', ...(signal ? { signal } : {}) });
