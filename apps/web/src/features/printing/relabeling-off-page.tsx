import PrintIcon from '@mui/icons-material/Print';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PRINT_PATHS } from '../print-wizard';

/**
 * /bionix-printer/relabeling (spec: behind a feature flag, off): says the feature is not enabled for the company and
 * what to do, instead of the error page a missing route showed. There is no flag to switch on in this version.
 */
export const RelabelingOffPage = () => {
  const { t } = useTranslation('printing');
  return (
    <Card sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 1, sm: 4 } }} data-testid="feature-off">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ToggleOffIcon color="disabled" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1">
            {t('relabeling.title')}
          </Typography>
          <Typography>{t('relabeling.body')}</Typography>
          <Typography color="text.secondary">{t('relabeling.howTo')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: 'stretch' }}>
            <Button variant="contained" startIcon={<PrintIcon />} component={RouterLink} to={PRINT_PATHS.orders}>
              {t('relabeling.orders')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/support" data-testid="feature-off-support">
              {t('relabeling.support')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};
