import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type CatalogImport, ImportState } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledPage } from '../../components/page-title';
import { type Column, PagedTable } from '../../components/paged-table';
import { PercentBar } from '../../components/percent-bar';
import { StatusChip, statusStyles } from '../../components/status-chip';
import { nameOverDetailColumn, TwoLineDate } from '../../components/two-line';
import { ApiError } from '../../lib/api-client';
import { formatBytes, formatQuantity } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { GatedPage, isAdminMenuRole } from '../auth';
import { downloadRejected } from './api/download-rejected';
import { catalogImportQuery, isFinished, PROGRESS_POLL_MS } from './api/get-catalog-import';
import { catalogImportsPages } from './api/get-catalog-imports';
import { useStartCatalogImport } from './api/start-catalog-import';

/** What an import changed: inserted, updated, unchanged and rejected rows. */
const Counts = ({ row }: { row: CatalogImport }) => {
  const { t, i18n } = useTranslation('catalog-import');
  const items: [string, number][] = [
    ['inserted', row.inserted],
    ['updated', row.updated],
    ['unchanged', row.unchanged],
    ['rejected', row.rejected],
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }} data-testid={`catalog-import-counts-${row.id}`}>
      {items.map(([key, value]) => (
        <Typography key={key} variant="body2" color={key === 'rejected' && value > 0 ? 'error' : 'text.secondary'}>
          {t(`counts.${key}`, { count: value, value: formatQuantity(value, i18n.language) })}
        </Typography>
      ))}
    </Stack>
  );
};

const RejectedButton = ({ row }: { row: CatalogImport }) => {
  const { t } = useTranslation('catalog-import');
  const [busy, setBusy] = useState(false);
  if (row.rejected === 0) return null;
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadRejected(row.id)
          .catch(() => notify(t('downloadFailed'), 'error'))
          .finally(() => setBusy(false));
      }}
      data-testid={`catalog-import-rejected-${row.id}`}
    >
      {t('downloadRejected')}
    </Button>
  );
};

/** The import just uploaded: its progress bar and counts, asked every 1.5 s until it ends. */
const CurrentImport = ({ id }: { id: number }) => {
  const { t, i18n } = useTranslation('catalog-import');
  const { data } = useQuery(catalogImportQuery(id));
  if (!data) return null;
  return (
    <Card variant="outlined" data-testid="catalog-import-current">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {data.file_name}
          </Typography>
          <PercentBar value={data.percent} />
          <Typography variant="body2" color="text.secondary" data-testid="catalog-import-rows">
            {t('rowsDone', {
              done: formatQuantity(data.rows_done, i18n.language),
              total: data.total_rows === null ? '?' : formatQuantity(data.total_rows, i18n.language),
            })}
          </Typography>
          <Counts row={data} />
          {data.state === ImportState.Succeeded && (
            <Alert severity={data.rejected > 0 ? 'warning' : 'success'} data-testid="catalog-import-done">
              {data.rejected > 0 ? t('doneWithRejected', { count: data.rejected }) : t('done')}
            </Alert>
          )}
          {data.state === ImportState.Failed && (
            <Alert severity="error" data-testid="catalog-import-failed">
              {data.error ?? t('failed')}
            </Alert>
          )}
          {data.ignored_columns.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('ignoredColumns', { columns: data.ignored_columns.join(', ') })}
            </Typography>
          )}
          <Box>
            <RejectedButton row={data} />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};

/**
 * Catalogue import (/administrador/catalog-import, roles 1–2, issue 27): upload a file of GTINs (CSV with `,` or `;`
 * and a header row, or JSON Lines); the server imports it in the background (new GTINs inserted, known ones updated),
 * this page follows its progress and lists the company's imports with their counts and the report of rejected rows.
 */
export const CatalogImportPage = () => (
  <GatedPage ns="catalog-import" allows={isAdminMenuRole}>
    <ImportsPage />
  </GatedPage>
);

const ImportsPage = () => {
  const { t, i18n } = useTranslation(['catalog-import', 'common']);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const start = useStartCatalogImport();

  const states = statusStyles(
    {
      [ImportState.Queued]: 'default',
      [ImportState.Running]: 'info',
      [ImportState.Succeeded]: 'success',
      [ImportState.Failed]: 'error',
    },
    (state) => t(`states.${state}`),
  );

  const submit = () => {
    if (!file) {
      setError(t('selectFile'));
      return;
    }
    setError(null);
    start
      .mutateAsync(file)
      .then((created) => {
        setCurrentId(created.id);
        setFile(null);
        if (input.current) input.current.value = '';
      })
      .catch((reason: unknown) => setError(reason instanceof ApiError ? reason.firstFieldMessage : t('uploadFailed')));
  };

  const columns: Column<CatalogImport>[] = [
    nameOverDetailColumn({
      id: 'file',
      header: t('columns.file'),
      name: (row) => row.file_name,
      detail: (row) => `${row.format.toUpperCase()} · ${formatBytes(row.bytes)} · ${row.created_by}`,
    }),
    { id: 'created', header: t('columns.created'), cell: (row) => <TwoLineDate value={row.created_at} /> },
    { id: 'state', header: t('columns.state'), cell: (row) => <StatusChip status={row.state} map={states} /> },
    {
      id: 'progress',
      header: t('columns.progress'),
      cell: (row) => (
        <Box sx={{ minWidth: 120 }}>
          <PercentBar value={row.percent} minWidth={100} />
          <Typography variant="caption" color="text.secondary">
            {`${formatQuantity(row.rows_done, i18n.language)} / ${row.total_rows === null ? '?' : formatQuantity(row.total_rows, i18n.language)}`}
          </Typography>
        </Box>
      ),
    },
    { id: 'counts', header: t('columns.counts'), cell: (row) => <Counts row={row} /> },
    { id: 'report', header: t('columns.report'), cell: (row) => <RejectedButton row={row} /> },
  ];

  return (
    <TitledPage title={t('title')} subtitle={t('subtitle')}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {t('help')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} data-testid="catalog-import-choose">
                {t('chooseFile')}
                <input
                  ref={input}
                  hidden
                  type="file"
                  accept=".csv,.txt,.jsonl,.ndjson,text/csv,application/x-ndjson"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setError(null);
                  }}
                  data-testid="catalog-import-file"
                  aria-label={t('chooseFile')}
                />
              </Button>
              <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }} data-testid="catalog-import-file-name">
                {file ? `${file.name} (${formatBytes(file.size)})` : t('noFile')}
              </Typography>
              <Button variant="contained" onClick={submit} disabled={start.isPending} data-testid="catalog-import-submit">
                {start.isPending ? t('uploading') : t('import')}
              </Button>
            </Stack>
            {error && (
              <Alert severity="error" data-testid="catalog-import-error">
                {error}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      {currentId !== null && <CurrentImport id={currentId} />}
      <PagedTable
        {...catalogImportsPages()}
        columns={columns}
        emptyText={t('empty')}
        refetchInterval={(rows) => (rows.some((row) => !isFinished(row)) ? PROGRESS_POLL_MS : false)}
        testId="catalog-imports"
      />
    </TitledPage>
  );
};
