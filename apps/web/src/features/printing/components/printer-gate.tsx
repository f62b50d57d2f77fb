import { Alert } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../auth';

/** The printer pages are for roles up to 4 (spec section 6: printer menu, print-order add entries); the API checks too. */
export const PrinterGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('printing');
  const role = useRole();
  if (role === undefined) return null;
  if (role > RoleThreshold.printerMenu) {
    return (
      <Alert severity="warning" data-testid="not-allowed">
        {t('notAllowed')}
      </Alert>
    );
  }
  return children;
};
