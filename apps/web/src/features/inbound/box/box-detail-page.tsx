import PrintIcon from '@mui/icons-material/Print';
import { Button } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasRole, useRole } from '../../auth';
import { BoxDetailPage as SharedBoxDetailPage, useOrderBox } from '../../order-pages';
import { type ExpectedPrintTarget, PrintExpectedDialog } from '../../print-wizard';
import { usePrintBoxLabels } from '../api/rboxes-printing';

/** /inbound/order/:orderId/box/:id/detail: a box of a purchase order (components/order-pages), its labels printable. */
export const BoxDetailPage = () => {
  const { orderId = '', id = '' } = useParams();
  const { t } = useTranslation('inbound');
  const role = useRole();
  const box = useOrderBox('purchase', orderId, id);
  const print = usePrintBoxLabels();
  const [target, setTarget] = useState<ExpectedPrintTarget | null>(null);
  const canPrint = hasRole(role, RoleThreshold.printOrderAdd) && box.data !== undefined;
  return (
    <>
      <SharedBoxDetailPage
        kind="purchase"
        orderId={orderId}
        boxId={id}
        actions={
          canPrint && (
            <Button
              variant="outlined"
              startIcon={<PrintIcon />}
              onClick={() => setTarget({ kind: 'box', id: Number(id), name: box.data?.barcode ?? '' })}
              data-testid="print-box-labels"
            >
              {t('print.labels')}
            </Button>
          )
        }
      />
      <PrintExpectedDialog
        target={target}
        print={(chosen, printerId) => print.mutateAsync({ boxId: chosen.id, printerId })}
        onClose={() => setTarget(null)}
      />
    </>
  );
};
