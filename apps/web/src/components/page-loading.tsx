import { Box, CircularProgress } from '@mui/material';

/** A spinner in the page's place while its code or its first data loads (`full`: the whole screen). */
export const PageLoading = ({ full = false }: { full?: boolean }) => (
  <Box sx={{ display: 'grid', placeItems: 'center', ...(full ? { height: '100vh' } : { py: 8 }) }} data-testid="page-loading">
    <CircularProgress />
  </Box>
);
