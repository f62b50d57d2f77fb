import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderActionDialog } from './order-action-dialog';

/**
 * The No/Yes confirmation of deleting an order from a dashboard, with the spec's messages
 * (section 8): 'Order deleted successfully' in green, the 409 'Cannot delete the order. Check
 * verifications.' in red, and any other error as the dashboard says it (`otherError`: 'Ha
 * sucedido algo inesperado' on the inbound and movement-entry dashboards, 'No results found' on
 * the exit and online ones).
 */
export const DeleteOrderDialog = <T,>({
  target,
  title,
  message,
  run,
  otherError,
  onClose,
}: {
  target: T | null;
  title: (order: T) => ReactNode;
  message: ReactNode;
  run: (order: T) => Promise<unknown>;
  otherError: 'unexpected' | 'noResults';
  onClose: () => void;
}) => {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <OrderActionDialog
      target={target}
      title={title}
      message={message}
      isDanger
      run={run}
      messages={{
        success: t('dashboard.delete.success'),
        conflict: t('dashboard.delete.conflict'),
        other: t(`common:errors.${otherError}`),
      }}
      onClose={onClose}
    />
  );
};
