import { Box, Stack, Typography } from '@mui/material';
import type { AvailabilityRow } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadDialog } from '../../components/download-dialog';
import { ExportButtons } from '../../components/export-buttons';
import { FilterBar } from '../../components/filter-bar';
import { linkCell } from '../../components/link-cell';
import { LocationListPage } from '../../components/location-list-page';
import { type Column, PagedTable } from '../../components/paged-table';
import { formatQuantity } from '../../lib/format';
import { type AvailabilityFilters, availabilityCsvPath, availabilityPages, availabilityQuery } from './api/availability-list';

const FIGURES = ['in_stock', 'on_floor', 'in_stockroom', 'sellable', 'reserved', 'available_to_promise'] as const;

/** The article: its description, and its size and colour under it. */
export const ArticleCell = ({ row }: { row: Pick<AvailabilityRow, 'description' | 'size' | 'colour'> }) => {
  const detail = [row.size, row.colour].filter(Boolean).join(' · ');
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {row.description || '—'}
      {detail && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
};

/**
 * Availability of the store chosen in the header (issue 26, item 3): per GTIN, in stock, on the floor, in the stockroom,
 * sellable, reserved and available to promise, filtered by GTIN, model and section, with its CSV feed.
 */
export const AvailabilityPage = () => {
  const { t, i18n } = useTranslation(['availability', 'common']);
  const [filters, setFilters] = useState<AvailabilityFilters>({ gtin: '', model: '', section: '' });
  // The file being downloaded: the CSV or the same rows as an Excel workbook.
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const columns: Column<AvailabilityRow>[] = [
    {
      id: 'gtin',
      header: t('columns.gtin'),
      cell: linkCell((row) => ({ to: `/find-item?gtin=${encodeURIComponent(row.gtin)}`, text: row.gtin }), 'availability-gtin', {
        fontFamily: 'monospace',
        fontSize: 13,
      }),
      mobile: 'title',
    },
    { id: 'article', header: t('columns.article'), cell: (row) => <ArticleCell row={row} /> },
    ...FIGURES.map(
      (figure): Column<AvailabilityRow> => ({
        id: figure,
        header: t(`figures.${figure}`),
        align: 'right',
        cell: (row) => <span data-testid={`availability-${figure}`}>{quantity(row[figure])}</span>,
      }),
    ),
  ];
  return (
    <LocationListPage
      title={t('title')}
      noLocation={t('noLocation')}
      noLocationTestId="availability-no-location"
      testId="availability-page"
      filters={(location) => (
        <Stack spacing={1}>
          <FilterBar
            fields={[
              { name: 'gtin', label: t('filters.gtin') },
              { name: 'model', label: t('filters.model') },
              { name: 'section', label: t('filters.section') },
            ]}
            value={filters}
            onChange={setFilters}
            testId="availability-filters"
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
              {t('hint')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1 }}>
              <ExportButtons
                onPick={setDownloading}
                labels={{ csv: t('download'), xlsx: t('downloadXlsx') }}
                testIds={{ csv: 'availability-download', xlsx: 'availability-download-xlsx' }}
              />
            </Stack>
          </Stack>
          <DownloadDialog
            open={downloading !== null}
            onClose={() => setDownloading(null)}
            format={downloading ?? 'csv'}
            path={availabilityCsvPath(location.id)}
            query={availabilityQuery(filters)}
            fileName={`availability-location-${location.id}.csv`}
            title={t('downloadTitle')}
          />
        </Stack>
      )}
    >
      {(location) => (
        <PagedTable
          {...availabilityPages(location.id, filters)}
          columns={columns}
          emptyText={t('empty')}
          testId="availability-table"
        />
      )}
    </LocationListPage>
  );
};
