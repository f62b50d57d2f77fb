import WarningIcon from '@mui/icons-material/WarningAmber';
import { Stack, Tooltip } from '@mui/material';
import type { PosTransaction } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastValidRange } from '../../components/date-range-filter';
import { linkCell } from '../../components/link-cell';
import { LocationListPage } from '../../components/location-list-page';
import { type Column, PagedTable } from '../../components/paged-table';
import { TextAndRangeFilters } from '../../components/text-and-range-filters';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { POS_PATHS, type PosKind } from './api/pos-kind';
import { getPosList, POS_PAGE_SIZE, type PosFilters } from './api/pos-list';
import { posKeys } from './keys';

/**
 * POS sales (/pos/exits) or returns (/pos) of the current store (spec section 2): id, end date
 * and item count, 11 per page, filtered by id and by end date (the last 30 days by default).
 */
export const PosListPage = ({ kind }: { kind: PosKind }) => {
  const { t, i18n } = useTranslation(['pos', 'common']);
  const [id, setId] = useState({ id__contains: '' });
  const period = useLastValidRange();
  const filters: PosFilters = {
    id__contains: id.id__contains.trim(),
    end_time__gte: period.dates.gte,
    end_time__lte: period.dates.lte,
  };
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const columns: Column<PosTransaction>[] = [
    {
      id: 'id',
      header: t('columns.id'),
      cell: linkCell((row) => ({ to: POS_PATHS[kind].detail(row.id), text: row.id }), 'pos-link'),
      mobile: 'title',
    },
    {
      id: 'date',
      header: t('columns.endDate'),
      cell: (row) => <span data-testid="pos-date">{formatDateTime(row.end_time, t('common:noDate'))}</span>,
    },
    {
      id: 'items',
      header: t('columns.items'),
      align: 'right',
      cell: (row) => <span data-testid="pos-items">{quantity(row.item_count)}</span>,
    },
    {
      id: 'warnings',
      header: t('columns.warnings'),
      align: 'right',
      cell: (row) =>
        row.warning_count > 0 ? (
          <Tooltip title={t('warningsHint', { count: row.warning_count })}>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', justifyContent: 'flex-end', color: 'warning.main' }}
              data-testid="pos-warnings"
            >
              <WarningIcon fontSize="small" />
              <span>{quantity(row.warning_count)}</span>
            </Stack>
          </Tooltip>
        ) : (
          ''
        ),
    },
    { id: 'reader', header: t('columns.reader'), cell: (row) => row.device?.serial_number ?? t('noReader') },
  ];

  return (
    <LocationListPage
      title={t(`${kind}.title`)}
      noLocation={t('noLocation')}
      noLocationTestId="pos-no-location"
      testId={`pos-${kind}-list`}
      filters={
        <TextAndRangeFilters
          text={{ fields: [{ name: 'id__contains', label: t('filters.id') }], value: id, onChange: setId }}
          period={period}
          range={{ startLabel: t('filters.from'), endLabel: t('filters.to'), testId: 'pos-range' }}
        />
      }
    >
      {(location) => (
        <PagedTable
          queryKey={posKeys.list(kind, location.id, filters)}
          fetchPage={(page) => getPosList(kind, location.id, filters, page)}
          columns={columns}
          rowKey={(row) => row.id}
          pageSize={POS_PAGE_SIZE}
          emptyText={t(`${kind}.empty`)}
          testId="pos-list"
        />
      )}
    </LocationListPage>
  );
};
