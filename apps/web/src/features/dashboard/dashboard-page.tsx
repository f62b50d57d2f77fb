import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../app/shell/use-shell-state';

export const DashboardPage = () => {
  const { t } = useTranslation('shell');
  const location = useCurrentLocation();
  return (
    <>
      <Typography variant="h5" gutterBottom>
        {t('dashboard.title')}
      </Typography>
      <Card>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {t('dashboard.location')}
          </Typography>
          <Typography variant="h4" data-testid="dashboard-location">
            {location?.description ?? t('dashboard.noLocation')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
};
