import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

/** The hint shown instead of a page's content before a location is chosen in the header. */
export const NoLocation = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Alert severity="info" data-testid={testId}>
    {children}
  </Alert>
);
