import ConstructionIcon from '@mui/icons-material/Construction';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

/** Routes of the spec that are not built yet say so instead of showing a blank page. */
export const ComingSoonPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: 4, textAlign: 'center' }} data-testid="coming-soon">
      <CardContent sx={{ p: 4 }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h5" gutterBottom>
          {t('comingSoon.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('comingSoon.body', { path: pathname })}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/dashboard">
          {t('comingSoon.home')}
        </Button>
      </CardContent>
    </Card>
  );
};

export const LegalPage = () => {
  const { t } = useTranslation('shell');
  return (
    <Card sx={{ maxWidth: 800 }}>
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {t('legal.title')}
        </Typography>
        <Typography>{t('legal.body')}</Typography>
      </CardContent>
    </Card>
  );
};
