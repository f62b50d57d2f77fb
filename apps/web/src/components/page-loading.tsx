import { Box } from '@mui/material';
import { hasBootShell } from '../lib/boot-shell';
import { Spinner } from './spinner';

/**
 * A spinner in the page's place while its code or its first data loads (`full`: the whole screen); none while the
 * page's first content shows before the app's code (lib/boot-shell.ts).
 */
export const PageLoading = ({ full = false }: { full?: boolean }) =>
  hasBootShell() ? null : (
    <Box sx={{ display: 'grid', placeItems: 'center', ...(full ? { height: '100vh' } : { py: 8 }) }} data-testid="page-loading">
      <Spinner />
    </Box>
  );
