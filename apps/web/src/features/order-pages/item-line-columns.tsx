import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { articleColumns } from '../../components/article-columns';
import type { Column } from '../../components/paged-table';
import { PercentBar } from '../../components/percent-bar';
import { formatQuantity } from '../../lib/format';
import { expectedRealColumns, ORDER_PATHS, type OrderKind, sizeColumn } from '../orders';
import type { OrderLine } from './api/order-endpoint';
import { hasOnlineReading } from './kinds';

/**
 * Item-line columns of the order detail and the box detail (spec section 3, "Item line"): GTIN
 * linked to its page in the order, attributes, expected, real and the completion bar capped at
 * 100; online orders add the online reading (above 100 → 0).
 */
export const useItemLineColumns = (kind: OrderKind, orderId: string): Column<OrderLine>[] => {
  const { t, i18n } = useTranslation('order-pages');
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const columns: Column<OrderLine>[] = [
    {
      id: 'gtin',
      header: t('columns.gtin'),
      cell: (line) =>
        line.item_type ? (
          <Link component={RouterLink} to={ORDER_PATHS[kind].gtin(orderId, line.item_type)} data-testid="line-gtin">
            {line.gtin}
          </Link>
        ) : (
          line.gtin
        ),
      mobile: 'title',
    },
    ...articleColumns<OrderLine>(['description', 'model', 'colour'], (id) => t(`columns.${id}`)),
    sizeColumn(t('columns.size'), t),
    ...expectedRealColumns<OrderLine>({ expected: t('columns.expected'), real: t('columns.real') }, quantity),
    { id: 'percent', header: t('columns.percent'), cell: (line) => <PercentBar value={line.percent} /> },
  ];
  if (!hasOnlineReading(kind)) return columns;
  return [
    ...columns,
    {
      id: 'online',
      header: t('columns.online'),
      cell: (line) => (
        <span data-testid="line-online">
          <PercentBar value={line.online_percent} />
        </span>
      ),
    },
  ];
};
