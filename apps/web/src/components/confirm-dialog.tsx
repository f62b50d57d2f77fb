import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** Runs on Yes; the dialog stays open and shows progress while it is pending, then closes. */
  onConfirm: () => unknown | Promise<unknown>;
  onClose: () => void;
  /** Red confirm button for destructive actions (delete). */
  isDanger?: boolean;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
};

/**
 * A No/Yes confirmation (spec: "a delete icon … opens a No/Yes confirmation").
 *
 * ```tsx
 * <ConfirmDialog open={open} title={t('delete.title')} message={t('delete.body')} isDanger
 *   onConfirm={() => remove.mutateAsync(id)} onClose={() => setOpen(false)} />
 * ```
 */
export const ConfirmDialog = ({
  open,
  title,
  message,
  onConfirm,
  onClose,
  isDanger = false,
  confirmLabel,
  cancelLabel,
}: ConfirmDialogProps) => {
  const { t } = useTranslation('components');
  const [isPending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller shows the error (notifier or alert); the dialog only stops waiting.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} maxWidth="xs" fullWidth data-testid="confirm-dialog">
      <DialogTitle>{title}</DialogTitle>
      {message && (
        <DialogContent>
          <DialogContentText>{message}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={isPending} data-testid="confirm-no">
          {cancelLabel ?? t('confirm.no')}
        </Button>
        <Button
          variant="contained"
          color={isDanger ? 'error' : 'success'}
          onClick={() => void confirm()}
          disabled={isPending}
          startIcon={isPending ? <Spinner size={16} color="inherit" /> : undefined}
          data-testid="confirm-yes"
        >
          {confirmLabel ?? t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
