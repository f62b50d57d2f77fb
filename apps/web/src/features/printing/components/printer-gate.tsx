import { RoleThreshold } from '@rfid/contract';
import type { ReactNode } from 'react';
import { GatedPage } from '../../auth';

/** The printer pages are for roles up to 4 (spec section 6: printer menu, print-order add entries); the API checks too. */
export const PrinterGate = ({ children }: { children: ReactNode }) => (
  <GatedPage ns="printing" allows={(role) => role <= RoleThreshold.printerMenu}>
    {children}
  </GatedPage>
);
