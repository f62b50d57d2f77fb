import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { canDo, type ErpDifference, RoleThreshold } from '@rfid/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { type Column, PagedTable } from '../../components/paged-table';
import { SelectFilter } from '../../components/select-filter';
import { TextFilter } from '../../components/text-filter';
import { formatQuantity } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { useDebounced } from '../../lib/use-debounced';
import { useRole } from '../auth';
import { exportErpDifferences } from './api/export-erp-differences';
import { type ErpDifferenceFilters, erpDifferencesPages } from './api/get-erp-differences';
import { useErpLocations } from './api/get-erp-locations';
import { useUploadErpStock } from './api/upload-erp-stock';

/** The orders offered: the largest differences first (the default), then by sign, GTIN or store. */
const ORDERS = ['-abs_difference', 'difference', '-difference', 'gtin', 'location'] as const;
/** At most this many refused rows are listed under the import's result. */
const REJECTED_SHOWN = 10;

/**
 * Stock ERP vs RFID (/erp/stock, issue 27): the ERP's stock per store and GTIN beside the RFID stock, and the
 * difference (RFID − ERP), filtered by location, GTIN and "only differences", sorted, exported as CSV for a Spanish
 * spreadsheet. Roles 1–3 import a snapshot (a CSV: store;gtin;quantity): its refused rows are listed with their reason.
 */
export const ErpStockPage = () => {
  const { t, i18n } = useTranslation(['erp', 'common']);
  const role = useRole();
  const canImport = role !== undefined && canDo(role, RoleThreshold.importInventory);
  const [location, setLocation] = useState('');
  const [gtin, setGtin] = useState('');
  const [onlyDifferences, setOnlyDifferences] = useState(true);
  const [orderBy, setOrderBy] = useState<string>(ORDERS[0]);
  const debouncedGtin = useDebounced(gtin.replace(/\D/g, ''), 300);
  const filters: ErpDifferenceFilters = { location, gtin: debouncedGtin, onlyDifferences, orderBy };
  const locations = useErpLocations();
  const upload = useUploadErpStock();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);
  const [isExporting, setIsExporting] = useState(false);
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const send = () => {
    if (!file) {
      setStatus({ kind: 'error', message: t('upload.selectFile') });
      return;
    }
    setStatus(null);
    upload.mutate(file, {
      onSuccess: (snapshot) => {
        setStatus({
          kind: snapshot.rejected ? 'error' : 'success',
          message: t('upload.done', {
            rows: quantity(snapshot.rows),
            rejected: quantity(snapshot.rejected),
            stores: snapshot.locations.map((l) => l.code).join(', '),
          }),
          details: snapshot.rejected_rows
            .slice(0, REJECTED_SHOWN)
            .map((row) => t('upload.rejectedRow', { row: row.row, reason: row.reason })),
        });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => setStatus(errorStatus(error, t('common:errors.notCompleted'))),
    });
  };

  const download = () => {
    setIsExporting(true);
    exportErpDifferences(filters)
      .catch(() => notify(t('export.failed'), 'error'))
      .finally(() => setIsExporting(false));
  };

  const columns: Column<ErpDifference>[] = [
    {
      id: 'gtin',
      header: t('columns.gtin'),
      mobile: 'title',
      cell: (row) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.gtin}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.description ?? t('notInCatalogue')}
          </Typography>
        </Box>
      ),
    },
    { id: 'store', header: t('columns.store'), cell: (row) => `${row.location.code} · ${row.location.description}` },
    { id: 'erp', header: t('columns.erp'), align: 'right', cell: (row) => quantity(row.erp_quantity) },
    { id: 'rfid', header: t('columns.rfid'), align: 'right', cell: (row) => quantity(row.rfid_quantity) },
    {
      id: 'difference',
      header: t('columns.difference'),
      align: 'right',
      cell: (row) => (
        <Typography
          variant="body2"
          component="span"
          sx={{
            fontWeight: 600,
            color: row.difference === 0 ? 'text.secondary' : row.difference < 0 ? 'error.main' : 'warning.dark',
          }}
          data-testid="erp-difference"
        >
          {row.difference > 0 ? `+${quantity(row.difference)}` : quantity(row.difference)}
        </Typography>
      ),
    },
  ];

  return (
    <Stack spacing={2} data-testid="erp-stock-page" sx={{ minWidth: 0 }}>
      <PageTitle
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={download}
            disabled={isExporting}
            data-testid="erp-export"
          >
            {t('export.button')}
          </Button>
        }
      />
      {canImport && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="subtitle1" component="h2">
              {t('upload.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('upload.help')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                {t('upload.choose')}
                <input
                  ref={input}
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  data-testid="erp-file"
                  aria-label={t('upload.choose')}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setStatus(null);
                  }}
                />
              </Button>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="erp-file-name">
                {file?.name ?? t('upload.noFile')}
              </Typography>
              <Button variant="contained" onClick={send} disabled={upload.isPending} data-testid="erp-upload">
                {t('upload.send')}
              </Button>
            </Stack>
            <FormAlert status={status} onClose={() => setStatus(null)} />
          </Stack>
        </Paper>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <SelectFilter
          label={t('filters.location')}
          allLabel={t('filters.allLocations')}
          value={location}
          onChange={setLocation}
          options={(locations.data?.results ?? []).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.description}` }))}
          testId="erp-filter-location"
        />
        <TextFilter label={t('filters.gtin')} value={gtin} onChange={setGtin} testId="erp-filter-gtin" numeric />
        <SelectFilter
          label={t('filters.order')}
          value={orderBy}
          onChange={setOrderBy}
          options={ORDERS.map((value) => ({ value, label: t(`orders.${value}`) }))}
          testId="erp-filter-order"
          minWidth={180}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={onlyDifferences}
              onChange={(event) => setOnlyDifferences(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('filters.onlyDifferences') } }}
              data-testid="erp-filter-only-differences"
            />
          }
          label={t('filters.onlyDifferences')}
        />
      </Stack>
      <PagedTable {...erpDifferencesPages(filters)} columns={columns} emptyText={t('empty')} testId="erp-differences" />
    </Stack>
  );
};
