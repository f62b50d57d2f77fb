import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, languageHeader, type RequestOptions } from '../lib/api-client';
import { fileNameFrom, saveBlob } from '../lib/files';
import { formatBytes } from '../lib/format';
import { fetchWaitingOutLoad } from '../lib/load-retry';
import { readSession } from '../lib/storage';
import { SimpleDialog } from './simple-dialog';

export type DownloadDialogProps = {
  open: boolean;
  onClose: () => void;
  /** API path (under /api) of the CSV, e.g. '/active_locations_all/'. */
  path: string;
  query?: RequestOptions['query'];
  /** File name used when the answer has no Content-Disposition name. */
  fileName: string;
  title?: string;
  /** The file's format (the server's exports: csv by default, or xlsx, the same table as an Excel workbook). */
  format?: 'csv' | 'xlsx';
};

const ACCEPT = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

type Progress = { bytes: number; rows: number; total: number | null };
type State = 'loading' | 'done' | 'error' | 'canceled';

/**
 * Streams a CSV through fetch (with the session token), shows bytes and rows as they arrive, lets the
 * user cancel, and saves the file through a Blob link. The user may close it and tell support if slow.
 *
 * ```tsx
 * <DownloadDialog open={open} onClose={() => setOpen(false)} path="/active_locations_all/" fileName="billing.csv" />
 * ```
 */
export const DownloadDialog = ({ open, onClose, path, query, fileName, title, format = 'csv' }: DownloadDialogProps) => {
  const { t } = useTranslation('components');
  const [state, setState] = useState<State>('loading');
  const [progress, setProgress] = useState<Progress>({ bytes: 0, rows: 0, total: null });
  const [savedAs, setSavedAs] = useState('');
  const controller = useRef<AbortController | null>(null);
  // A workbook is asked for with format=xlsx; a CSV keeps the query as it was (the server's default is csv).
  const queryText = JSON.stringify(format === 'xlsx' ? { ...query, format } : (query ?? {}));
  const savedName = format === 'xlsx' ? fileName.replace(/\.csv$/, '') + (fileName.endsWith('.xlsx') ? '' : '.xlsx') : fileName;
  const isCsv = format === 'csv';

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    controller.current = abort;
    setState('loading');
    setProgress({ bytes: 0, rows: 0, total: null });
    const run = async () => {
      const session = readSession();
      // Refused for load (503, Retry-After): asked again after that wait (lib/load-retry.ts).
      const response = await fetchWaitingOutLoad(buildUrl(path, JSON.parse(queryText) as RequestOptions['query']), {
        headers: { Accept: ACCEPT[format], ...languageHeader(), ...(session ? { Authorization: `Token ${session.token}` } : {}) },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const total = Number(response.headers.get('Content-Length')) || null;
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      let rows = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        for (const byte of value) if (byte === 10) rows += 1;
        setProgress({ bytes, rows, total });
      }
      const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? ACCEPT[format] });
      const name = fileNameFrom(response.headers.get('Content-Disposition')) ?? savedName;
      saveBlob(blob, name);
      setSavedAs(name);
      setState('done');
    };
    run().catch(() => setState(abort.signal.aborted ? 'canceled' : 'error'));
    return () => abort.abort();
  }, [open, path, queryText, savedName, format]);

  const percent = progress.total ? Math.min(100, (progress.bytes / progress.total) * 100) : null;
  return (
    <SimpleDialog
      open={open}
      onClose={onClose}
      title={title ?? t('download.title')}
      testId="download-dialog"
      actions={
        <>
          {state === 'loading' && (
            <Button color="error" onClick={() => controller.current?.abort()} data-testid="download-cancel">
              {t('download.cancel')}
            </Button>
          )}
          <Button onClick={onClose} data-testid="download-close">
            {t('download.close')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {state === 'loading' && (
          <>
            <LinearProgress
              variant={percent === null ? 'indeterminate' : 'determinate'}
              value={percent ?? undefined}
              aria-labelledby="download-progress"
            />
            <Typography variant="body2" id="download-progress" data-testid="download-progress">
              {isCsv
                ? t('download.progress', { bytes: formatBytes(progress.bytes), count: Math.max(0, progress.rows - 1) })
                : t('download.progressBytes', { bytes: formatBytes(progress.bytes) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('download.slow')}
            </Typography>
          </>
        )}
        {state === 'done' && (
          <Alert severity="success" data-testid="download-done">
            {isCsv
              ? t('download.done', { name: savedAs, count: Math.max(0, progress.rows - 1) })
              : t('download.doneFile', { name: savedAs })}
          </Alert>
        )}
        {state === 'error' && <Alert severity="error">{t('download.failed')}</Alert>}
        {state === 'canceled' && <Alert severity="info">{t('download.canceled')}</Alert>}
      </Stack>
    </SimpleDialog>
  );
};
