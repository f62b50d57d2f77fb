import { Button, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A button that opens a page of the app (a router link), with its icon before the label.
 *
 * ```tsx
 * <LinkButton to={PRINT_PATHS.addCsv} icon={<UploadFileIcon />} variant="outlined" testId="add-csv-order">{t('list.addCsv')}</LinkButton>
 * ```
 */
export const LinkButton = ({
  to,
  icon,
  variant,
  testId,
  children,
}: {
  to: string;
  icon: ReactNode;
  variant?: ButtonProps['variant'];
  testId: string;
  children: ReactNode;
}) => (
  <Button variant={variant} startIcon={icon} component={RouterLink} to={to} data-testid={testId}>
    {children}
  </Button>
);
