import type { PrintOrderState } from '@rfid/contract';
import type { TFunction } from 'i18next';
import type { StatusStyle } from '../../../components/status-chip';

/** The print order states as labels: WORKING in progress, ERROR in red, PRINTED in green (spec: "state shows as text"). */
export const printStateMap = (t: TFunction<'printing'>): Record<PrintOrderState, StatusStyle> => ({
  PENDING: { label: t('states.PENDING'), color: 'default' },
  WORKING: { label: t('states.WORKING'), color: 'info' },
  PARTIAL: { label: t('states.PARTIAL'), color: 'warning' },
  PRINTED: { label: t('states.PRINTED'), color: 'success' },
  ERROR: { label: t('states.ERROR'), color: 'error' },
});
