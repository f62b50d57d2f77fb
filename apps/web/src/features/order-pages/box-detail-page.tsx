import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FactsList } from '../../components/facts-card';
import { FilterBar } from '../../components/filter-bar';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TitledPage } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { PercentBar } from '../../components/percent-bar';
import { StatusChip } from '../../components/status-chip';
import { TableCard } from '../../components/table-card';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { boxStatusMap, ORDER_PATHS, type OrderKind } from '../orders';
import { boxLinesPages } from './api/get-box-lines';
import { useOrderBox } from './api/get-order-box';
import { useItemLineColumns } from './item-line-columns';
import { BOX_TIME_LABEL, hasOnlineReading, isMovement } from './kinds';

/**
 * Box detail (spec section 2) of any kind of order, on the order's side: barcode, order name,
 * status, reading time, real and theoretical counts (online: the completion and the online
 * reading, where above 100 becomes 0; movements: the other side's status too); the item lines
 * with a GTIN filter, 8 per page, each GTIN linked to its page in the order; back to the boxes.
 */
export const BoxDetailPage = ({
  kind,
  orderId,
  boxId,
  actions,
}: {
  kind: OrderKind;
  orderId: string;
  boxId: string;
  /** Buttons in the title row (the purchase box: print its labels). */
  actions?: ReactNode;
}) => {
  const { t, i18n } = useTranslation(['order-pages', 'common']);
  const paths = ORDER_PATHS[kind];
  const box = useOrderBox(kind, orderId, boxId);
  const [filters, setFilters] = useState({ gtin: '' });
  const columns = useItemLineColumns(kind, orderId);
  if (box.isError) return <LoadErrorAlert error={box.error} testId="box-error" />;
  const data = box.data;
  const quantity = (count: number | undefined) => formatQuantity(count, i18n.language);
  return (
    <TitledPage
      testId="box-detail-page"
      backTo={paths.boxes(orderId)}
      title={t('box.title', { barcode: data?.barcode ?? '' })}
      actions={actions}
    >
      <FactsList
        testId="box-header"
        record={data}
        facts={[
          { label: t('box.barcode'), value: (row) => row.barcode, testId: 'box-barcode' },
          {
            label: t('box.order'),
            wide: true,
            value: (row) => (
              <Link component={RouterLink} to={paths.boxes(orderId)} data-testid="box-order">
                {row.order_name}
              </Link>
            ),
          },
          {
            label: t('box.status'),
            value: (row) => <StatusChip status={row.status} map={boxStatusMap(t)} />,
            testId: 'box-status',
          },
          isMovement(kind) && {
            label: t(`box.otherStatus.${kind}`),
            value: (row) => (
              <StatusChip status={kind === 'exit' ? row.destination_status : row.origin_status} map={boxStatusMap(t)} />
            ),
            testId: 'box-other-status',
          },
          {
            label: t(`columns.${BOX_TIME_LABEL[kind]}`),
            value: (row) => formatDateTime(row.reading_time, t('common:noDate')),
            testId: 'box-time',
          },
          { label: t('box.real'), value: (row) => quantity(row.real_item_count), testId: 'box-real' },
          { label: t('box.expected'), value: (row) => quantity(row.theorical_item_count), testId: 'box-expected' },
          {
            label: t('box.verifications'),
            value: (row) => (
              <Link component={RouterLink} to={paths.verifications(orderId, boxId)} data-testid="box-verifications-link">
                {quantity(row.verification_count)}
              </Link>
            ),
          },
          kind !== 'purchase' && {
            label: t('box.percent'),
            value: (row) => <PercentBar value={row.percent} minWidth={0} />,
            testId: 'box-percent',
          },
          hasOnlineReading(kind) && {
            label: t('box.online'),
            value: (row) => <PercentBar value={row.online_percent} minWidth={0} />,
            testId: 'box-online',
          },
        ]}
      />
      <FilterBar
        fields={[{ name: 'gtin', label: t('box.gtinFilter') }]}
        value={filters}
        onChange={setFilters}
        testId="box-lines-filters"
      />
      <TableCard>
        <PagedTable
          {...boxLinesPages(kind, orderId, boxId, filters.gtin)}
          columns={columns}
          emptyText={t('box.empty')}
          testId="box-lines"
        />
      </TableCard>
    </TitledPage>
  );
};
