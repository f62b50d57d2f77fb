import PrintIcon from '@mui/icons-material/Print';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../lib/current-location';
import { PrintWizardDialog } from '../print-wizard';
import type { StockPrintRecord } from './stock-selection';

/**
 * The stock page's Print button (disabled until rows are chosen, spec section 5) and the 4-step
 * print wizard it opens (records with editable quantity, tag type, tag format, order or print; then
 * PrintOrderList), started with `records`; `onPrinted` clears the selection when done.
 */
export const StockPrintAction = ({ records, onPrinted }: { records: StockPrintRecord[]; onPrinted: () => void }) => {
  const { t } = useTranslation('stock');
  const { t: tp } = useTranslation('printing');
  const location = useCurrentLocation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<PrintIcon />}
        disabled={records.length === 0}
        onClick={() => setOpen(true)}
        data-testid="stock-print"
      >
        {t('stockPage.print')}
      </Button>
      <PrintWizardDialog
        open={isOpen}
        onClose={() => setOpen(false)}
        records={records.map((record) => ({ gtin: record.gtin, description: record.description, quantity: record.quantity }))}
        name={tp('wizard.stockName', { location: location?.description ?? '' })}
        locations={location ? [location.id] : []}
        source="stock"
        onDone={onPrinted}
      />
    </>
  );
};
