import { fetchFile, saveBlob } from '../../../lib/files';
import { differenceQuery, type ErpDifferenceFilters } from './get-erp-differences';

/** GET /erp/differences/export/: the filtered differences as a CSV a Spanish spreadsheet opens (";", BOM), saved. */
export const exportErpDifferences = async (filters: ErpDifferenceFilters): Promise<void> => {
  const query = new URLSearchParams(differenceQuery(filters)).toString();
  const { name, blob } = await fetchFile(`/erp/differences/export/${query ? `?${query}` : ''}`, {
    fallbackName: 'erp-differences.csv',
    accept: 'text/csv',
    timeoutMs: 120_000,
  });
  saveBlob(blob, name);
};
