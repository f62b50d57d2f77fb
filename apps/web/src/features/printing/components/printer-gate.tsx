import { RoleThreshold } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleGate } from '../../auth';

/** The printer pages are for roles up to 4 (spec section 6: printer menu, print-order add entries); the API checks too. */
export const PrinterGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('printing');
  return (
    <RoleGate allows={(role) => role <= RoleThreshold.printerMenu} notAllowed={t('notAllowed')}>
      {children}
    </RoleGate>
  );
};
