import type { Page, ReturnLine } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { articleColumns } from '../../../components/article-columns';
import { type Column, PagedTable, type PageParams } from '../../../components/paged-table';
import { quantityColumn } from '../../../components/quantity-column';
import { TableCard } from '../../../components/table-card';
import { formatSizes } from '../../orders';

/** Return details: lines per GTIN, 100 per page (spec section 9). */
export const RETURN_LINES_PAGE_SIZE = 100;

/** The lines of a provider or sale return, per GTIN. */
export const ReturnLinesTable = ({
  queryKey,
  fetchPage,
}: {
  queryKey: readonly unknown[];
  fetchPage: (params: PageParams) => Promise<Page<ReturnLine>>;
}) => {
  const { t, i18n } = useTranslation('inbound-verification');
  const columns: Column<ReturnLine>[] = [
    ...articleColumns<ReturnLine>(['gtin', 'description', 'model', 'colour', 'section'], (id) => t(`returns.lines.${id}`)),
    { id: 'size', header: t('returns.lines.size'), cell: (line) => formatSizes(line.sizes, t) },
    quantityColumn({
      id: 'quantity',
      header: t('returns.lines.quantity'),
      value: (line) => line.quantity,
      language: i18n.language,
      testId: 'return-line-quantity',
    }),
  ];
  return (
    <TableCard>
      <PagedTable
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(line) => line.gtin}
        pageSize={RETURN_LINES_PAGE_SIZE}
        emptyText={t('returns.lines.empty')}
        refetchInterval={false}
        testId="return-lines"
      />
    </TableCard>
  );
};
