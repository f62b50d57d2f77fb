import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileJob, JobDownloadDialog, pause } from '../../../components/job-download-dialog';
import { CSV_POLL_MS, getFileCreationProgress } from '../api/file-creation-progress';
import { downloadInventoryCsv } from '../api/inventory-csv';
import { startCsvCreation } from '../api/start-csv-creation';
import { inventoryKeys } from '../keys';

/**
 * The inventory CSV (spec sections 2 and 4): the server creates the file (start, then the progress polled every 2 s
 * until 100) and it is downloaded with the name the server gives (default Inventory-{id}.csv).
 */
export const InventoryCsvDialog = ({ inventoryId, onClose }: { inventoryId: number | null; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const client = useQueryClient();
  const job = useMemo<FileJob | null>(
    () =>
      inventoryId === null
        ? null
        : {
            async create({ signal, onProgress }) {
              const { task_id } = await startCsvCreation(inventoryId);
              for (;;) {
                if (signal.aborted) return;
                const progress = await getFileCreationProgress(task_id);
                if (progress.error) throw new Error(progress.error);
                onProgress(progress.progress);
                if (progress.progress >= 100) return;
                await pause(CSV_POLL_MS, signal);
              }
            },
            download: (signal) => downloadInventoryCsv(inventoryId, signal),
          },
    [inventoryId],
  );
  return (
    <JobDownloadDialog
      job={job}
      onClose={onClose}
      title={t('csv.title', { id: inventoryId ?? '' })}
      creatingText={(progress) => t('csv.creating', { progress })}
      failedText={t('csv.failed')}
      // The inventory now has its file: lists and details show it at once.
      onDone={() => void client.invalidateQueries({ queryKey: inventoryKeys.all })}
      testId="inventory-csv-dialog"
    />
  );
};
