import { fetchFile } from '../../../lib/files';
import type { ShrinkPeriod } from './get-shrink';

/**
 * GET /locations/{id}/shrink/csv/: the report as a CSV file named by the server, in the user's language (Spanish: `;`
 * and a decimal comma, for a Spanish spreadsheet).
 */
export const downloadShrinkCsv = (
  locationId: number,
  period: ShrinkPeriod,
  language: string,
): Promise<{ name: string; blob: Blob }> => {
  const query = new URLSearchParams({ lang: language.startsWith('es') ? 'es' : 'en' });
  if (period.date_from) query.set('date_from', period.date_from);
  if (period.date_to) query.set('date_to', period.date_to);
  return fetchFile(`/locations/${locationId}/shrink/csv/?${query.toString()}`, {
    fallbackName: `shrink-${locationId}.csv`,
    accept: 'text/csv',
  });
};
