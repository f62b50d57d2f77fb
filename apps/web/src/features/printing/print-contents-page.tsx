import { Button } from '@mui/material';
import type { PrintContent } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { TitledPage } from '../../components/page-title';
import { type Column, PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { PRINT_PATHS } from '../print-wizard';
import { printContentsPages } from './api/get-print-contents';
import { PrintOrderHeader } from './components/print-order-header';

/** Print order contents (spec section 2): identifier, GTIN and quantity, 11 per page; and the labels printed of each. */
export const PrintContentsPage = () => {
  const { t } = useTranslation('printing');
  const { id = '' } = useParams();
  const columns: Column<PrintContent>[] = [
    { id: 'id', header: t('contents.id'), cell: (row) => row.id },
    { id: 'gtin', header: t('fields.gtin'), cell: (row) => <span data-testid="content-gtin">{row.gtin}</span>, mobile: 'title' },
    { id: 'description', header: t('fields.description'), cell: (row) => row.description },
    {
      id: 'quantity',
      header: t('fields.quantity'),
      align: 'right',
      cell: (row) => <span data-testid="content-quantity">{row.quantity}</span>,
    },
    {
      id: 'printed',
      header: t('contents.printed'),
      align: 'right',
      cell: (row) => <span data-testid="content-printed">{row.printed}</span>,
    },
  ];
  return (
    <TitledPage
      testId="print-contents-page"
      backTo={PRINT_PATHS.orders}
      title={t('contents.title', { id })}
      actions={
        <Button variant="outlined" component={RouterLink} to={PRINT_PATHS.detail(id)} data-testid="contents-detail-link">
          {t('contents.labels')}
        </Button>
      }
    >
      <PrintOrderHeader id={id} />
      <TableCard>
        <PagedTable {...printContentsPages(id)} columns={columns} testId="print-contents" />
      </TableCard>
    </TitledPage>
  );
};
