import LabelIcon from '@mui/icons-material/LabelOutlined';
import { Button } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileJob, JobDownloadDialog, pause } from '../../components/job-download-dialog';
import { hasRole, useRole } from '../auth';
import { createStickers } from './api/create-stickers';
import { downloadStickerPdf } from './api/get-sticker-pdf';
import { getOrderStickers, STICKER_POLL_MS } from './api/get-stickers';

/**
 * Box stickers of an order (spec "Stickers"): the server makes a PDF with one 100 × 150 mm page per box (its barcode
 * as Code 128, the order, origin, destination and expected lines), in the user's language; it is then downloaded.
 * Roles 1 to 4, as printing.
 */
export const StickersButton = ({ orderId }: { orderId: number }) => {
  const { t, i18n } = useTranslation('order-pages');
  const role = useRole();
  const [run, setRun] = useState(0);
  const language = i18n.language === 'en' ? 'en' : 'es';
  const job = useMemo<FileJob | null>(() => {
    if (run === 0) return null;
    let pdf: number | null = null;
    return {
      async create({ signal, onProgress }) {
        const sticker = await createStickers(orderId, language);
        onProgress(10);
        for (;;) {
          if (signal.aborted) return;
          const current = (await getOrderStickers(orderId)).results.find((s) => s.id === sticker.id);
          if (!current || current.error) throw new Error(current?.error ?? 'gone');
          if (current.status === 1 && current.pdf !== null) {
            pdf = current.pdf;
            onProgress(100);
            return;
          }
          onProgress(50);
          await pause(STICKER_POLL_MS, signal);
        }
      },
      download: (signal) => downloadStickerPdf(pdf as number, signal),
    };
  }, [run, orderId, language]);

  if (!hasRole(role, RoleThreshold.printOrderAdd)) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<LabelIcon />} onClick={() => setRun((n) => n + 1)} data-testid="order-stickers">
        {t('stickers.button')}
      </Button>
      <JobDownloadDialog
        job={job}
        onClose={() => setRun(0)}
        title={t('stickers.title', { id: orderId })}
        creatingText={() => t('stickers.creating')}
        failedText={t('stickers.failed')}
        testId="stickers-dialog"
      />
    </>
  );
};
