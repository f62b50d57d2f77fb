import { Box, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Where the charts go while their library loads: a named progress bar (axe: a progress bar has a name). */
export const ChartsLoading = () => {
  const { t } = useTranslation('shrink');
  return (
    <Box sx={{ py: 2 }} data-testid="shrink-charts-loading">
      <LinearProgress aria-label={t('charts.loading')} />
    </Box>
  );
};
