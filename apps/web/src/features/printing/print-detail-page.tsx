import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Stack, Typography } from '@mui/material';
import type { PrintTag } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { TitledPage } from '../../components/page-title';
import { type Column, PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { formatDateTime } from '../../lib/format';
import { PRINT_PATHS } from '../print-wizard';
import { usePrintOrder } from './api/get-print-order';
import { printTagsPages } from './api/get-print-tags';
import { PrintOrderHeader } from './components/print-order-header';
import { VoidedLabelsSection } from './components/voided-labels-section';

/** Print detail (spec section 2): the labels, id, EPC, GTIN and item serial number, 10 per page; Go back to the list. */
export const PrintDetailPage = () => {
  const { t } = useTranslation('printing');
  const { id = '' } = useParams();
  const order = usePrintOrder(id);
  const columns: Column<PrintTag>[] = [
    { id: 'id', header: t('detail.id'), cell: (tag) => tag.id },
    {
      id: 'label',
      header: t('detail.label'),
      align: 'right',
      cell: (tag) => (
        <>
          {tag.label_number}
          {tag.replaces_label ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="tag-replaces">
              {t('detail.replaces', { label: tag.replaces_label })}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'epc',
      header: t('detail.epc'),
      cell: (tag) => (
        <span data-testid="tag-epc" style={{ fontFamily: 'monospace' }}>
          {tag.item.epc}
        </span>
      ),
      mobile: 'title',
    },
    { id: 'gtin', header: t('fields.gtin'), cell: (tag) => <span data-testid="tag-gtin">{tag.gtin}</span> },
    { id: 'serial', header: t('detail.serial'), cell: (tag) => <span data-testid="tag-serial">{tag.item.serial_number}</span> },
    {
      id: 'printed',
      header: t('detail.printedAt'),
      // A void label is never shown as printed: its reason instead (sent and unconfirmed, or its encode failed).
      cell: (tag) => (
        <span data-testid="tag-printed" data-void={tag.void_reason ?? undefined}>
          {tag.void_reason
            ? t(`detail.void.${tag.void_reason}`)
            : tag.printed_at
              ? formatDateTime(tag.printed_at)
              : t('detail.notPrinted')}
        </span>
      ),
    },
  ];
  return (
    <TitledPage testId="print-detail-page" backTo={PRINT_PATHS.orders} title={t('detail.title', { id })}>
      <PrintOrderHeader id={id} />
      {order.data && <VoidedLabelsSection order={order.data} />}
      <TableCard>
        <PagedTable {...printTagsPages(id)} columns={columns} testId="print-tags" />
      </TableCard>
      <Stack direction="row">
        <LinkButton to={PRINT_PATHS.orders} icon={<ArrowBackIcon />} variant="outlined" testId="go-back">
          {t('detail.goBack')}
        </LinkButton>
      </Stack>
    </TitledPage>
  );
};
