import type { PrintOrderState } from '@rfid/contract';
import type { TFunction } from 'i18next';
import { type StatusStyle, statusStyles } from '../../../components/status-chip';

/** The print order states as labels: WORKING in progress, ERROR in red, PRINTED in green (spec: "state shows as text"). */
export const printStateMap = (t: TFunction<'printing'>): Record<PrintOrderState, StatusStyle> =>
  statusStyles<PrintOrderState>(
    { PENDING: 'default', WORKING: 'info', PARTIAL: 'warning', PRINTED: 'success', ERROR: 'error' },
    (state) => t(`states.${state}`),
  );
