import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notifier';

/** The spec's messages of an order action (section 8): success in green, 409 and other errors in red. */
export type OrderActionMessages = { success: string; conflict: string; other: string };

/**
 * The No/Yes confirmation of an order action (delete, cancel) with the spec's outcome messages:
 * success in green, a 409 answer with `conflict` in red, any other error with `other` in red.
 * The caller's mutation reloads the list whatever the answer.
 *
 * ```tsx
 * <OrderActionDialog target={toDelete} title={(order) => t('delete.title', { code: order.order_code })}
 *   run={(order) => remove.mutateAsync(order.id)} onClose={() => setToDelete(null)} isDanger
 *   messages={{ success: t('delete.success'), conflict: t('delete.conflict'), other: t('common:errors.noResults') }} />
 * ```
 */
export const OrderActionDialog = <T,>({
  target,
  title,
  message,
  run,
  messages,
  onClose,
  isDanger = false,
}: {
  /** The order acted on; null closes the dialog. */
  target: T | null;
  /** The title for the order (the last one stays while the dialog fades out). */
  title: (target: T) => ReactNode;
  message?: ReactNode;
  run: (target: T) => Promise<unknown>;
  messages: OrderActionMessages;
  onClose: () => void;
  isDanger?: boolean;
}) => {
  const notify = useNotify();
  // The last order stays shown while the dialog fades out (state derived from the prop, as React advises).
  const [shown, setShown] = useState<T | null>(target);
  if (target !== null && target !== shown) setShown(target);
  const confirm = async () => {
    if (target === null) return;
    try {
      await run(target);
      notify(messages.success, 'success');
    } catch (error) {
      notify(error instanceof ApiError && error.status === 409 ? messages.conflict : messages.other, 'error');
    }
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={shown === null ? '' : title(shown)}
      message={message}
      isDanger={isDanger}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};
