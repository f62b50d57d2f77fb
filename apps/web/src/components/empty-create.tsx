import AddIcon from '@mui/icons-material/Add';
import type { ReactNode } from 'react';
import { LinkButton } from './link-button';

/**
 * What an empty order list says (issue 28): how to create one, with the button, when the role may; else only that
 * there is none. Spread into a `PagedTable`.
 */
export const emptyCreate = ({
  canCreate,
  to,
  label,
  createText,
  emptyText,
}: {
  canCreate: boolean;
  to: string;
  label: string;
  createText: string;
  emptyText: string;
}): { emptyText: string; emptyAction: ReactNode } => ({
  emptyText: canCreate ? createText : emptyText,
  emptyAction: canCreate ? (
    <LinkButton to={to} icon={<AddIcon />} variant="outlined" testId="empty-new-order">
      {label}
    </LinkButton>
  ) : undefined,
});
