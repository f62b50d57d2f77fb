import { fetchFile, saveBlob } from '../../../lib/files';

/** GET /types/import/{id}/rejected/: the rejected rows (line, GTIN, reason in the UI's language) saved as a CSV. */
export const downloadRejected = async (id: number): Promise<void> => {
  const { name, blob } = await fetchFile(`/types/import/${id}/rejected/`, {
    fallbackName: `catalog-import-${id}-rejected.csv`,
    accept: 'text/csv',
    timeoutMs: 120_000,
  });
  saveBlob(blob, name);
};
