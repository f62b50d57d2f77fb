import { Link, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Where a row's link goes and what it reads. */
export type RowLink = { to: string; text: ReactNode };

/**
 * A table cell linking to the row's page (`link` of the row: where to, and the text), styled with `sx` when given
 * (a monospace code, a link that does not wrap).
 *
 * ```tsx
 * { id: 'code', header: t('columns.code'), cell: linkCell((row) => ({ to: paths.detail(row.id), text: row.code }), 'code-link') }
 * ```
 */
export const linkCell =
  <T,>(link: (row: T) => RowLink, testId?: string, sx?: SxProps<Theme>) =>
  (row: T) => {
    const { to, text } = link(row);
    return (
      <Link component={RouterLink} to={to} sx={sx} data-testid={testId}>
        {text}
      </Link>
    );
  };
