import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  /** Called on the submit button or Enter in a field; the browser's own submission and checks are left out. */
  onSubmit: () => void;
  cancelLabel: string;
  submitLabel: string;
  submitTestId: string;
  submitDisabled?: boolean;
  /** The fields, one under the other. */
  children: ReactNode;
};

/** A dialog that is a form (full screen on a phone): a title, its fields, Cancel and the submit button. */
export const FormDialog = ({
  open,
  onClose,
  title,
  testId,
  onSubmit,
  cancelLabel,
  submitLabel,
  submitTestId,
  submitDisabled,
  children,
}: Props) => {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isPhone} data-testid={testId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{cancelLabel}</Button>
          <Button type="submit" variant="contained" disabled={submitDisabled} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
