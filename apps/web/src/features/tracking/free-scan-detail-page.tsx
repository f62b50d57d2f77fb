import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { FreeReadingSetLine, ReadingSetEpc } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EpcLink } from '../../components/epc-link';
import { FactsCard, Field } from '../../components/facts-card';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { type Column, PagedTable, RowsTable } from '../../components/paged-table';
import { quantityColumn } from '../../components/quantity-column';
import { TableCard } from '../../components/table-card';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useFreeReadingSetDetail } from './api/get-free-reading-set-detail';
import { getFreeReadingSetEpcs } from './api/get-free-reading-set-epcs';
import { trackingKeys } from './keys';

/** Default page size of the spec (section 9). */
const PAGE_SIZE = 20;

/** One free reading set: its header, its count per GTIN, and every EPC with its GTIN linking to the EPC tracker. */
export const FreeScanDetailPage = () => {
  const { t, i18n } = useTranslation(['tracking', 'common']);
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const detail = useFreeReadingSetDetail(id);

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)} data-testid="free-scan-back">
      {t('freeScan.detail.back')}
    </Button>
  );
  if (detail.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <LoadErrorAlert error={detail.error} testId="free-scan-error" />
      </Stack>
    );
  }
  const set = detail.data;
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const epcColumns: Column<ReadingSetEpc>[] = [
    {
      id: 'epc',
      header: t('freeScan.detail.columns.epc'),
      cell: (row) => <EpcLink epc={row.epc} testId="free-scan-epc" />,
      mobile: 'title',
    },
    { id: 'gtin', header: t('freeScan.detail.columns.gtin'), cell: (row) => <GtinText gtin={row.gtin} /> },
    { id: 'description', header: t('freeScan.detail.columns.description'), cell: (row) => row.description ?? '' },
    { id: 'reads', header: t('freeScan.detail.columns.reads'), cell: (row) => quantity(row.reads), align: 'right' },
    {
      id: 'firstRead',
      header: t('freeScan.detail.columns.firstRead'),
      cell: (row) => formatDateTime(row.first_read),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {back}
        <Typography variant="h5">{t('freeScan.detail.title')}</Typography>
      </Stack>
      <FactsCard>
        <Field label={t('freeScan.detail.set')} wide>
          {set ? (
            <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="free-scan-id">
              {set.id}
            </Box>
          ) : (
            <Skeleton />
          )}
        </Field>
        <Field label={t('freeScan.detail.start')}>{set ? formatDateTime(set.start_time) : <Skeleton />}</Field>
        <Field label={t('freeScan.detail.end')}>{set ? formatDateTime(set.end_time) : <Skeleton />}</Field>
        <Field label={t('freeScan.detail.device')}>{set ? (set.device?.serial_number ?? '—') : <Skeleton />}</Field>
        <Field label={t('freeScan.detail.area')}>
          {set ? set.area ? `${set.area.description} · ${set.area.location_description}` : '—' : <Skeleton />}
        </Field>
        {set?.codebar && <Field label={t('freeScan.detail.codebar')}>{set.codebar}</Field>}
        <Field label={t('freeScan.detail.epcCount')}>
          {set ? <span data-testid="free-scan-epc-count">{quantity(set.epc_count)}</span> : <Skeleton />}
        </Field>
        <Field label={t('freeScan.detail.readCount')}>{set ? quantity(set.read_count) : <Skeleton />}</Field>
        <Field label={t('freeScan.detail.unknownCount')}>{set ? quantity(set.unknown_count) : <Skeleton />}</Field>
      </FactsCard>
      <Typography variant="h6">{t('freeScan.detail.report')}</Typography>
      <GtinReport lines={set?.lines} />
      <Typography variant="h6">{t('freeScan.detail.epcs')}</Typography>
      <TableCard>
        <PagedTable
          queryKey={trackingKeys.freeReadingSetEpcs(id)}
          fetchPage={(page) => getFreeReadingSetEpcs(id, page)}
          columns={epcColumns}
          rowKey={(row) => row.epc}
          pageSize={PAGE_SIZE}
          emptyText={t('freeScan.detail.empty')}
          refetchInterval={false}
          testId="free-scan-epcs"
        />
      </TableCard>
    </Stack>
  );
};

const GtinText = ({ gtin }: { gtin: string | null }) => {
  const { t } = useTranslation('tracking');
  return gtin ? (
    <span>{gtin}</span>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      {t('freeScan.detail.unknownGtin')}
    </Typography>
  );
};

const REPORT_FIELDS = ['description', 'model', 'colour', 'size'] as const;

/** The set's count per GTIN (not paged: one line per GTIN read). Cards on phones, without the empty fields. */
const GtinReport = ({ lines }: { lines: FreeReadingSetLine[] | undefined }) => {
  const { t, i18n } = useTranslation('tracking');
  const header = (field: string) => t(`freeScan.detail.reportColumns.${field}`);
  const columns: Column<FreeReadingSetLine>[] = [
    { id: 'gtin', header: header('gtin'), cell: (line) => <GtinText gtin={line.gtin} />, mobile: 'title' },
    ...REPORT_FIELDS.map((field) => ({
      id: field,
      header: header(field),
      cell: (line: FreeReadingSetLine) => line[field] || null,
    })),
    quantityColumn({ id: 'quantity', header: header('quantity'), value: (line) => line.quantity, language: i18n.language }),
  ];
  return (
    <RowsTable
      rows={lines}
      columns={columns}
      rowKey={(line) => line.gtin ?? 'unknown'}
      testId="free-scan-report"
      rowTestId="free-scan-report-line"
    />
  );
};
