import AssessmentIcon from '@mui/icons-material/Assessment';
import { Typography } from '@mui/material';
import type { VerificationItem } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { EpcLink } from '../../components/epc-link';
import { ItemDescriptionCell } from '../../components/item-type';
import type { Column } from '../../components/paged-table';
import { formatQuantity } from '../../lib/format';
import { ORDER_PATHS } from '../orders';
import { getVerificationItems } from './api/get-verification-items';
import { verificationKeys } from './keys';
import type { VerificationIds } from './verification-kind';
import { VerificationLinesTable, VerificationPageFrame } from './verification-page-frame';

/**
 * The EPCs a verification read (100 per page): EPC linking to the EPC tracker, GTIN, description,
 * lot and quantity; a quantity of 0 (a GTIN the box does not expect, or no GTIN) shows 'Nothing'.
 */
export const VerificationItemsPage = (ids: VerificationIds) => {
  const { t, i18n } = useTranslation('verification');
  const { verificationId } = ids;
  const muted = (text: string) => (
    <Typography component="span" variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
  const columns: Column<VerificationItem>[] = [
    {
      id: 'epc',
      header: t('items.columns.epc'),
      cell: (item) => <EpcLink epc={item.epc} testId="verification-epc" />,
      mobile: 'title',
    },
    { id: 'gtin', header: t('items.columns.gtin'), cell: (item) => item.gtin ?? muted(t('items.unknownGtin')) },
    { id: 'description', header: t('items.columns.description'), cell: (item) => <ItemDescriptionCell {...item} /> },
    { id: 'lot', header: t('items.columns.lot'), cell: (item) => item.lot ?? '' },
    {
      id: 'quantity',
      header: t('items.columns.quantity'),
      cell: (item) => (
        <Typography
          component="span"
          variant="body2"
          color={item.quantity === 0 ? 'error' : undefined}
          data-testid="item-quantity"
        >
          {item.quantity === 0 ? t('items.nothing') : formatQuantity(item.quantity, i18n.language)}
        </Typography>
      ),
      align: 'right',
    },
  ];
  const reportPath = ORDER_PATHS[ids.kind].verification(ids.orderId, ids.boxId, verificationId);
  return (
    <VerificationPageFrame
      {...ids}
      title={t('items.heading', { id: verificationId })}
      backTo={reportPath}
      link={{ to: reportPath, label: t('items.report'), icon: <AssessmentIcon />, testId: 'verification-report-button' }}
    >
      {() => (
        <VerificationLinesTable
          queryKey={verificationKeys.items(verificationId)}
          fetchPage={(page) => getVerificationItems(verificationId, page)}
          columns={columns}
          rowKey={(item) => item.id}
          emptyText={t('items.empty')}
          testId="verification-items"
        />
      )}
    </VerificationPageFrame>
  );
};
