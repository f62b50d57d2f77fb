import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A table cell linking to the row's page: `text` of the row, to `to` of the row.
 *
 * ```tsx
 * { id: 'code', header: t('columns.code'), cell: linkCell((row) => paths.detail(row.id), (row) => row.code, 'code-link') }
 * ```
 */
export const linkCell =
  <T,>(to: (row: T) => string, text: (row: T) => ReactNode, testId?: string) =>
  (row: T) => (
    <Link component={RouterLink} to={to(row)} data-testid={testId}>
      {text(row)}
    </Link>
  );
