import { Dialog, DialogActions, DialogContent, DialogTitle, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  /** Left out while the dialog must stay open (a request under way). */
  onClose: (() => void) | undefined;
  title: ReactNode;
  titleSx?: SxProps<Theme>;
  /** The buttons at the bottom. */
  actions: ReactNode;
  testId: string;
  maxWidth?: 'xs' | 'sm';
  fullScreen?: boolean;
  children: ReactNode;
};

/** A full-width dialog: a title, its content, its buttons (the shape of every dialog of the app). */
export const SimpleDialog = ({
  open,
  onClose,
  title,
  titleSx,
  actions,
  testId,
  maxWidth = 'sm',
  fullScreen,
  children,
}: Props) => (
  <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth fullScreen={fullScreen} data-testid={testId}>
    <DialogTitle sx={titleSx}>{title}</DialogTitle>
    <DialogContent>{children}</DialogContent>
    <DialogActions>{actions}</DialogActions>
  </Dialog>
);
